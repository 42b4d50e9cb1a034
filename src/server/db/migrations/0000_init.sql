CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_uid" text NOT NULL,
	"actor_discord_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"banlist_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"count" integer NOT NULL,
	"position" integer NOT NULL,
	"reason" text,
	"poster_discord_id" text
);
--> statement-breakpoint
CREATE TABLE "banlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"kind" text DEFAULT 'format' NOT NULL,
	"name" text NOT NULL,
	"whitelist" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"type" integer NOT NULL,
	"card_type" text NOT NULL,
	"ot" integer DEFAULT 0 NOT NULL,
	"atk" integer,
	"def" integer,
	"level" integer,
	"lscale" integer,
	"rscale" integer,
	"link_markers" integer,
	"race" bigint,
	"attribute" integer,
	"setcodes" jsonb,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decks" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"member_id" integer NOT NULL,
	"tournament_uid" text NOT NULL,
	"label" text NOT NULL,
	"main_deck" jsonb NOT NULL,
	"extra_deck" jsonb NOT NULL,
	"side_deck" jsonb NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"reviewer_discord_id" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decks_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_discord_id" text NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer,
	"height" integer,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judgement_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"card_name" text NOT NULL,
	"poster_discord_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judgement_sendoff" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sendoff_date" text
);
--> statement-breakpoint
CREATE TABLE "judgement_sendoff_pressed" (
	"admin_discord_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judgement_votes" (
	"entry_id" integer NOT NULL,
	"admin_discord_id" text NOT NULL,
	"vote" text NOT NULL,
	CONSTRAINT "judgement_votes_entry_id_admin_discord_id_pk" PRIMARY KEY("entry_id","admin_discord_id")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_uid" text NOT NULL,
	"round_number" integer NOT NULL,
	"bracket" text DEFAULT 'swiss' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"team1_uid" text,
	"team2_uid" text,
	"complete" boolean DEFAULT false NOT NULL,
	"team1_wins" integer,
	"team2_wins" integer,
	"winner_team_uid" text,
	"report_from_team1" jsonb,
	"report_from_team2" jsonb,
	"flagged_for_review" boolean DEFAULT false NOT NULL,
	"flagged_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_uid" text NOT NULL,
	"tournament_uid" text NOT NULL,
	"discord_id" text NOT NULL,
	"image" text,
	"dropped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"picture" text,
	"manual_deck_checking" boolean DEFAULT true NOT NULL,
	"banlist_name" text,
	"banlist" text,
	"players_team1" integer DEFAULT 1 NOT NULL,
	"players_team2" integer DEFAULT 1 NOT NULL,
	"best_of" integer DEFAULT 3 NOT NULL,
	"relay" boolean DEFAULT false NOT NULL,
	"dont_shuffle_deck" boolean DEFAULT false NOT NULL,
	"dont_check_deck_contents" boolean DEFAULT false NOT NULL,
	"dont_check_deck_size" boolean DEFAULT false NOT NULL,
	"tcg_segoc_rulings" boolean DEFAULT false NOT NULL,
	"starting_lp" integer DEFAULT 8000 NOT NULL,
	"starting_hand" integer DEFAULT 5 NOT NULL,
	"cards_per_draw" integer DEFAULT 1 NOT NULL,
	"min_main_deck_size" integer DEFAULT 40 NOT NULL,
	"max_main_deck_size" integer DEFAULT 60 NOT NULL,
	"min_extra_deck_size" integer DEFAULT 0 NOT NULL,
	"max_extra_deck_size" integer DEFAULT 15 NOT NULL,
	"min_side_deck_size" integer DEFAULT 0 NOT NULL,
	"max_side_deck_size" integer DEFAULT 15 NOT NULL,
	"rule_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_type_filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"discord_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"uid" text PRIMARY KEY NOT NULL,
	"tournament_uid" text NOT NULL,
	"name" text NOT NULL,
	"captain_discord_id" text NOT NULL,
	"dropped" boolean DEFAULT false NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"ties" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subtitle" text,
	"iteration" integer,
	"description" text,
	"image_uri" text,
	"series_uid" text,
	"host_discord_id" text NOT NULL,
	"format" text DEFAULT 'DEFAULT' NOT NULL,
	"manual_deck_checking" boolean DEFAULT true NOT NULL,
	"banlist_name" text,
	"banlist" text,
	"players_team1" integer DEFAULT 1 NOT NULL,
	"players_team2" integer DEFAULT 1 NOT NULL,
	"best_of" integer DEFAULT 3 NOT NULL,
	"relay" boolean DEFAULT false NOT NULL,
	"dont_shuffle_deck" boolean DEFAULT false NOT NULL,
	"dont_check_deck_contents" boolean DEFAULT false NOT NULL,
	"dont_check_deck_size" boolean DEFAULT false NOT NULL,
	"tcg_segoc_rulings" boolean DEFAULT false NOT NULL,
	"starting_lp" integer DEFAULT 8000 NOT NULL,
	"starting_hand" integer DEFAULT 5 NOT NULL,
	"cards_per_draw" integer DEFAULT 1 NOT NULL,
	"min_main_deck_size" integer DEFAULT 40 NOT NULL,
	"max_main_deck_size" integer DEFAULT 60 NOT NULL,
	"min_extra_deck_size" integer DEFAULT 0 NOT NULL,
	"max_extra_deck_size" integer DEFAULT 15 NOT NULL,
	"min_side_deck_size" integer DEFAULT 0 NOT NULL,
	"max_side_deck_size" integer DEFAULT 15 NOT NULL,
	"rule_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_type_filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decks_allowed_per_player" integer DEFAULT 1 NOT NULL,
	"signups_open" boolean DEFAULT true NOT NULL,
	"deck_submission_open" boolean DEFAULT true NOT NULL,
	"current_round" integer DEFAULT 0 NOT NULL,
	"round_count" integer DEFAULT 0 NOT NULL,
	"in_progress" boolean DEFAULT false NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"round_start_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"winner_team_uid" text,
	"pairing_seed" integer,
	"final_standings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"discord_id" text PRIMARY KEY NOT NULL,
	"username" text,
	"display_name" text,
	"discord_username" text,
	"preferred_name" text,
	"avatar_url" text,
	"email" text,
	"auth" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "banlist_entries" ADD CONSTRAINT "banlist_entries_banlist_id_banlists_id_fk" FOREIGN KEY ("banlist_id") REFERENCES "public"."banlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_tournament_uid_tournaments_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."tournaments"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judgement_votes" ADD CONSTRAINT "judgement_votes_entry_id_judgement_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."judgement_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_uid_tournaments_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."tournaments"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_team_uid_teams_uid_fk" FOREIGN KEY ("team_uid") REFERENCES "public"."teams"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_tournament_uid_tournaments_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."tournaments"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_discord_id_users_discord_id_fk" FOREIGN KEY ("discord_id") REFERENCES "public"."users"("discord_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tournament_uid_tournaments_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."tournaments"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_tournament_idx" ON "audit_log" USING btree ("tournament_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "banlist_entries_list_card_idx" ON "banlist_entries" USING btree ("banlist_id","card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "banlists_kind_date_idx" ON "banlists" USING btree ("kind","date");--> statement-breakpoint
CREATE INDEX "cards_search_name_idx" ON "cards" USING btree ("search_name");--> statement-breakpoint
CREATE INDEX "decks_member_idx" ON "decks" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "matches_tournament_round_idx" ON "matches" USING btree ("tournament_uid","round_number");--> statement-breakpoint
CREATE INDEX "members_team_idx" ON "members" USING btree ("team_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "members_active_idx" ON "members" USING btree ("tournament_uid","discord_id") WHERE dropped = false;--> statement-breakpoint
CREATE INDEX "sessions_discord_id_idx" ON "sessions" USING btree ("discord_id");--> statement-breakpoint
CREATE INDEX "teams_tournament_idx" ON "teams" USING btree ("tournament_uid");--> statement-breakpoint
CREATE INDEX "tournaments_series_idx" ON "tournaments" USING btree ("series_uid");