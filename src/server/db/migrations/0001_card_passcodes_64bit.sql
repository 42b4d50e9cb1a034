ALTER TABLE "banlist_entries" ALTER COLUMN "card_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "alias" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "type" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "judgement_entries" ALTER COLUMN "card_id" SET DATA TYPE bigint;