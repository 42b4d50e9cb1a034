-- issue 38: one Discord layer. The webhook outbox's notes move out of the posted body into columns
-- (round, lease; the rate-limit pause is the Discord client's now); the DM outbox can hold a restored
-- backup's rows; the banlist's post is an outbox row without an event; interactions acted on are kept
-- for their signature's window (replays are answered, not acted on).
CREATE TABLE "discord_interactions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"response" jsonb
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ALTER COLUMN "tournament_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "discord_dms" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "round" integer;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "error_code" integer;--> statement-breakpoint
CREATE INDEX "discord_interactions_expires_idx" ON "discord_interactions" USING btree ("expires_at");--> statement-breakpoint
UPDATE "webhook_deliveries" SET "round" = ("body"->'_outbox'->>'round')::integer, "body" = "body" - '_outbox' WHERE "body" ? '_outbox';