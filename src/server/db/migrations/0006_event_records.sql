CREATE TABLE "archetype_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cards" jsonb NOT NULL,
	"min" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_records" (
	"tournament_uid" text PRIMARY KEY NOT NULL,
	"series_uid" text,
	"banlist_name" text,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"deck_privacy" text NOT NULL,
	"champion_team_uid" text,
	"completed_at" timestamp with time zone NOT NULL,
	"top_cut_size" integer NOT NULL,
	"placements" jsonb NOT NULL,
	"matches" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_ratings" (
	"series_uid" text NOT NULL,
	"discord_id" text NOT NULL,
	"rating" double precision NOT NULL,
	"rd" double precision NOT NULL,
	"vol" double precision NOT NULL,
	"events" integer NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"ties" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "player_ratings_series_uid_discord_id_pk" PRIMARY KEY("series_uid","discord_id")
);
--> statement-breakpoint
CREATE TABLE "record_decks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_uid" text NOT NULL,
	"published" boolean NOT NULL,
	"team_uid" text,
	"discord_id" text,
	"label" text,
	"rank" integer NOT NULL,
	"placement" text NOT NULL,
	"top_cut" boolean NOT NULL,
	"archetype" text NOT NULL,
	"archetype_auto" text NOT NULL,
	"corrected_by" text,
	"main_deck" jsonb NOT NULL,
	"extra_deck" jsonb NOT NULL,
	"side_deck" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_players" (
	"tournament_uid" text NOT NULL,
	"discord_id" text NOT NULL,
	"team_uid" text NOT NULL,
	"series_uid" text,
	"completed_at" timestamp with time zone NOT NULL,
	"rank" integer NOT NULL,
	"placement" text NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"ties" integer NOT NULL,
	"champion" boolean DEFAULT false NOT NULL,
	"top_cut" boolean DEFAULT false NOT NULL,
	CONSTRAINT "record_players_tournament_uid_discord_id_pk" PRIMARY KEY("tournament_uid","discord_id")
);
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "deck_privacy" text DEFAULT 'top-cut' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "seed_by_rating" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_records" ADD CONSTRAINT "event_records_tournament_uid_tournaments_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."tournaments"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_decks" ADD CONSTRAINT "record_decks_tournament_uid_event_records_tournament_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."event_records"("tournament_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_players" ADD CONSTRAINT "record_players_tournament_uid_event_records_tournament_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."event_records"("tournament_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archetype_signatures_name_idx" ON "archetype_signatures" USING btree ("name");--> statement-breakpoint
CREATE INDEX "event_records_series_idx" ON "event_records" USING btree ("series_uid","completed_at");--> statement-breakpoint
CREATE INDEX "event_records_completed_idx" ON "event_records" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "player_ratings_board_idx" ON "player_ratings" USING btree ("series_uid","rating");--> statement-breakpoint
CREATE INDEX "record_decks_tournament_idx" ON "record_decks" USING btree ("tournament_uid");--> statement-breakpoint
CREATE INDEX "record_decks_player_idx" ON "record_decks" USING btree ("discord_id");--> statement-breakpoint
CREATE INDEX "record_players_player_idx" ON "record_players" USING btree ("discord_id","completed_at");