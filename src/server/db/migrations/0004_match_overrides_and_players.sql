ALTER TABLE "matches" ADD COLUMN "overridden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- matches whose result is still the one an override in the audit log set
UPDATE "matches" m SET "overridden" = true
WHERE m."complete" AND EXISTS (
  SELECT 1 FROM "audit_log" a
  WHERE a."action" = 'override' AND a."tournament_uid" = m."tournament_uid" AND a."after"->>'matchId' = m."id"::text
    AND a."after"->>'team1Wins' = m."team1_wins"::text AND a."after"->>'team2Wins' = m."team2_wins"::text
);--> statement-breakpoint
-- two reports that disagree no longer show the first one as the score (the match is disputed)
UPDATE "matches" SET "team1_wins" = NULL, "team2_wins" = NULL
WHERE NOT "complete" AND "report_from_team1" IS NOT NULL AND "report_from_team2" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "members_tournament_player_idx" ON "members" USING btree ("tournament_uid","discord_id");
