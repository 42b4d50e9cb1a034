CREATE TABLE "record_meetings" (
	"tournament_uid" text NOT NULL,
	"discord_id" text NOT NULL,
	"opponent_id" text NOT NULL,
	"opponent_name" text NOT NULL,
	"result" smallint NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_records" ADD COLUMN "decks_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_records" ADD COLUMN "team_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_records" ADD COLUMN "archetype_counts" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "record_meetings" ADD CONSTRAINT "record_meetings_tournament_uid_event_records_tournament_uid_fk" FOREIGN KEY ("tournament_uid") REFERENCES "public"."event_records"("tournament_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_meetings_player_idx" ON "record_meetings" USING btree ("discord_id","opponent_id");--> statement-breakpoint
CREATE INDEX "record_meetings_tournament_idx" ON "record_meetings" USING btree ("tournament_uid");--> statement-breakpoint
UPDATE "event_records" SET "team_count" = jsonb_array_length("placements");--> statement-breakpoint
-- as record-archetypes.ts counts them
UPDATE "event_records" er SET "archetype_counts" = coalesce((select jsonb_agg(jsonb_build_object('archetype', c.archetype, 'topCut', c.top_cut, 'decks', c.n) order by c.archetype, c.top_cut)::text
  from (select d.archetype, d.top_cut, count(*)::int as n from record_decks d where d.tournament_uid = er.tournament_uid group by d.archetype, d.top_cut) c), '[]');--> statement-breakpoint
-- the meetings of the records written before this migration, as record-meetings.ts makes them
-- (its test runs this statement and compares): each rated match from both sides, member by member
INSERT INTO "record_meetings" ("tournament_uid", "discord_id", "opponent_id", "opponent_name", "result", "completed_at")
SELECT er.tournament_uid, me.value->>'discordId', op.value->>'discordId', coalesce(op.value->>'displayName', ''),
  CASE WHEN m.value->>'winner' IS NULL THEN 0 WHEN m.value->>'winner' = side.mine THEN 1 ELSE -1 END,
  er.completed_at
FROM "event_records" er
CROSS JOIN LATERAL jsonb_array_elements(er.matches) m
CROSS JOIN LATERAL (VALUES (m.value->>'team1', m.value->>'team2'), (m.value->>'team2', m.value->>'team1')) AS side(mine, theirs)
JOIN LATERAL jsonb_array_elements(er.placements) pm ON pm.value->>'teamId' = side.mine
CROSS JOIN LATERAL jsonb_array_elements(pm.value->'members') me
JOIN LATERAL jsonb_array_elements(er.placements) po ON po.value->>'teamId' = side.theirs
CROSS JOIN LATERAL jsonb_array_elements(po.value->'members') op
WHERE NOT coalesce((m.value->>'bye')::boolean, false) AND NOT coalesce((m.value->>'missed')::boolean, false)
  AND coalesce((m.value->>'complete')::boolean, false)
  AND m.value->>'team1' IS NOT NULL AND m.value->>'team2' IS NOT NULL
  AND (coalesce((m.value->>'team1Wins')::int, 0) <> 0 OR coalesce((m.value->>'team2Wins')::int, 0) <> 0)
  AND (m.value->>'winner' IS NULL OR m.value->>'winner' IN (m.value->>'team1', m.value->>'team2'))
  AND me.value->>'discordId' <> op.value->>'discordId';

