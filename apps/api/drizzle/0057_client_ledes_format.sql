-- Issue 35 (LEDES 1998BI): each client says which LEDES format its e-billing portal takes (1998B, or the
-- international 1998BI that carries tax), and its tax identification number (1998BI's CLIENT_TAX_ID).
ALTER TABLE "clients" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "ledes_format" text DEFAULT '1998B' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_ledes_format_check" CHECK ("clients"."ledes_format" in ('1998B', '1998BI'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_tax_number_length_check" CHECK (char_length("clients"."tax_number") <= 20);