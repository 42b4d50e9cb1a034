-- issue 32, decision 032: a send-off keeps the entries it published with each admin's vote (the board deletes them).
-- New table only: nothing earlier is touched; send-offs before it kept no votes, so there is nothing to carry over.
CREATE TABLE "judgement_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"banlist_date" text NOT NULL,
	"card_id" bigint NOT NULL,
	"card_name" text NOT NULL,
	"poster_discord_id" text NOT NULL,
	"reason" text NOT NULL,
	"opinion" text NOT NULL,
	"votes" jsonb NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "judgement_decisions_card_idx" ON "judgement_decisions" USING btree ("card_id");