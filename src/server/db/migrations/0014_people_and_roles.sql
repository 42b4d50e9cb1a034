-- issue 39: people and roles from the site. A user's last seen and suspension; requests to host (one open
-- per user); the site's admin log; direct messages that tell of no event (a new level, a suspension);
-- indexes for the events a user hosted and played.
CREATE TABLE "admin_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_discord_id" text,
	"action" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_name" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"discord_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "discord_dms" ALTER COLUMN "tournament_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_by" text;--> statement-breakpoint
ALTER TABLE "host_requests" ADD CONSTRAINT "host_requests_discord_id_users_discord_id_fk" FOREIGN KEY ("discord_id") REFERENCES "public"."users"("discord_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_log_actor_idx" ON "admin_log" USING btree ("actor_discord_id","id");--> statement-breakpoint
CREATE INDEX "admin_log_subject_idx" ON "admin_log" USING btree ("subject_kind","subject_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "host_requests_open_idx" ON "host_requests" USING btree ("discord_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "host_requests_user_idx" ON "host_requests" USING btree ("discord_id");--> statement-breakpoint
CREATE INDEX "members_player_idx" ON "members" USING btree ("discord_id");--> statement-breakpoint
CREATE INDEX "tournaments_host_idx" ON "tournaments" USING btree ("host_discord_id");--> statement-breakpoint
UPDATE "users" SET "last_seen_at" = "last_login_at";
