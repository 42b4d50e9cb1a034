-- decision 027: a list keeps its $genesys flag and the lines a later line of the same card overrides ([code, count]
-- in file order), which EDOPro's hash counts. Lists imported before this migration have neither (they were stored one
-- line per card): they keep the hash of that file until an admin imports them again.
ALTER TABLE "banlists" ADD COLUMN "genesys" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "banlists" ADD COLUMN "shadowed_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;
