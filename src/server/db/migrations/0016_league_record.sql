CREATE TABLE "league_record_runs" (
	"run_id" integer PRIMARY KEY NOT NULL,
	"league_id" text NOT NULL,
	"place" integer NOT NULL,
	"top_cut" boolean NOT NULL,
	"published" boolean NOT NULL,
	"archetype" text NOT NULL,
	"archetype_auto" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "league_records" (
	"league_id" text PRIMARY KEY NOT NULL,
	"series_id" text NOT NULL,
	"banlist_name" text,
	"completed_at" timestamp with time zone NOT NULL,
	"deck_privacy" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"decks_version" integer DEFAULT 1 NOT NULL,
	"archetype_counts" text DEFAULT '[]' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_ratings" ADD COLUMN "leagues" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "league_record_runs" ADD CONSTRAINT "league_record_runs_run_id_league_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."league_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_record_runs" ADD CONSTRAINT "league_record_runs_league_id_league_records_league_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."league_records"("league_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_records" ADD CONSTRAINT "league_records_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_record_runs_league_idx" ON "league_record_runs" USING btree ("league_id","place");--> statement-breakpoint
CREATE INDEX "league_records_series_idx" ON "league_records" USING btree ("series_id","completed_at");--> statement-breakpoint
CREATE INDEX "league_records_completed_idx" ON "league_records" USING btree ("completed_at");