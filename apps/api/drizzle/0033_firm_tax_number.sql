-- The firm's tax identification number (issue 15): optional, printed on its bills (PDF and public page).
ALTER TABLE "firms" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_tax_number_length_check" CHECK (char_length("firms"."tax_number") <= 50);
