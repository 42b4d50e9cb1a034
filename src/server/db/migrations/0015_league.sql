-- issue 41: the league. Leagues (a series' settings and one list, from a start to an end), runs (one player, one
-- deck, their counts) and matches (two runs, the lower id first: a pair meets once), with the queue's index.
CREATE TABLE "league_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" text NOT NULL,
	"run1_id" integer NOT NULL,
	"run2_id" integer NOT NULL,
	"player1_id" text NOT NULL,
	"player2_id" text NOT NULL,
	"state" text DEFAULT 'playing' NOT NULL,
	"room_password" text NOT NULL,
	"games1" integer,
	"games2" integer,
	"winner_run_id" integer,
	"reported_by" text,
	"report_games1" integer,
	"report_games2" integer,
	"reported_at" timestamp with time zone,
	"confirm_by" timestamp with time zone,
	"disputed_by" text,
	"disputed_at" timestamp with time zone,
	"dispute_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"resolution" text,
	"result_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "league_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" text NOT NULL,
	"discord_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"main_deck" jsonb NOT NULL,
	"extra_deck" jsonb NOT NULL,
	"side_deck" jsonb NOT NULL,
	"match_count" integer DEFAULT 0 NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"current_match_id" integer,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"games_won" integer DEFAULT 0 NOT NULL,
	"games_lost" integer DEFAULT 0 NOT NULL,
	"points_at" timestamp with time zone,
	"queued_at" timestamp with time zone,
	"queued_until" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"board_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" text PRIMARY KEY NOT NULL,
	"series_id" text NOT NULL,
	"series_name" text NOT NULL,
	"name" text NOT NULL,
	"banlist_date" text,
	"banlist_name" text,
	"banlist" text,
	"settings" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"matches_per_run" integer NOT NULL,
	"best_of" integer NOT NULL,
	"confirm_hours" integer NOT NULL,
	"deck_privacy" text NOT NULL,
	"rated" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"leaderboard_version" integer DEFAULT 1 NOT NULL,
	"closed_at" timestamp with time zone,
	"final_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "league_matches" ADD CONSTRAINT "league_matches_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_matches" ADD CONSTRAINT "league_matches_run1_id_league_runs_id_fk" FOREIGN KEY ("run1_id") REFERENCES "public"."league_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_matches" ADD CONSTRAINT "league_matches_run2_id_league_runs_id_fk" FOREIGN KEY ("run2_id") REFERENCES "public"."league_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_runs" ADD CONSTRAINT "league_runs_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "league_matches_pair_idx" ON "league_matches" USING btree ("run1_id","run2_id");--> statement-breakpoint
CREATE INDEX "league_matches_run2_idx" ON "league_matches" USING btree ("run2_id");--> statement-breakpoint
CREATE INDEX "league_matches_league_idx" ON "league_matches" USING btree ("league_id","state");--> statement-breakpoint
CREATE INDEX "league_matches_confirm_idx" ON "league_matches" USING btree ("league_id","confirm_by") WHERE state = 'reported';--> statement-breakpoint
CREATE INDEX "league_matches_player1_idx" ON "league_matches" USING btree ("player1_id");--> statement-breakpoint
CREATE INDEX "league_matches_player2_idx" ON "league_matches" USING btree ("player2_id");--> statement-breakpoint
CREATE INDEX "league_runs_league_player_idx" ON "league_runs" USING btree ("league_id","discord_id");--> statement-breakpoint
CREATE INDEX "league_runs_board_idx" ON "league_runs" USING btree ("league_id","board_version");--> statement-breakpoint
CREATE UNIQUE INDEX "league_runs_active_idx" ON "league_runs" USING btree ("league_id","discord_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "league_runs_queue_idx" ON "league_runs" USING btree ("league_id","queued_until") WHERE queued_until is not null;--> statement-breakpoint
CREATE INDEX "league_runs_player_idx" ON "league_runs" USING btree ("discord_id");--> statement-breakpoint
CREATE INDEX "leagues_series_idx" ON "leagues" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "leagues_ends_at_idx" ON "leagues" USING btree ("ends_at");