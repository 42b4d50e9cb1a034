-- issue 31: the bot's direct messages, an outbox (decision 033); a user's DM channel kept
CREATE TABLE "discord_dms" (
	"id" serial PRIMARY KEY NOT NULL,
	"discord_id" text NOT NULL,
	"tournament_uid" text NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"error_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "discord_users" ADD COLUMN "dm_channel_id" text;--> statement-breakpoint
ALTER TABLE "discord_dms" ADD CONSTRAINT "discord_dms_discord_id_users_discord_id_fk" FOREIGN KEY ("discord_id") REFERENCES "public"."users"("discord_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discord_dms" ADD CONSTRAINT "discord_dms_tournament_uid_tournaments_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."tournaments"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discord_dms_due_idx" ON "discord_dms" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "discord_dms_tournament_idx" ON "discord_dms" USING btree ("tournament_uid");