CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_uid" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "table_number" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "extra_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "room_password" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "missed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "late_entry_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "check_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "check_in_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "top_cut" integer;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "swiss_rounds" integer;--> statement-breakpoint
-- events hosted before round timers existed stay untimed; new ones default to 50 minutes
ALTER TABLE "tournaments" ADD COLUMN "round_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ALTER COLUMN "round_minutes" SET DEFAULT 50;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "top_cut_round_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "late_entry_rounds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "discord_webhook_url" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tournament_uid_tournaments_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."tournaments"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "tournaments_starts_at_idx" ON "tournaments" USING btree ("starts_at");