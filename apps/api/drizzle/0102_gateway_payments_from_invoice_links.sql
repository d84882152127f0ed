-- A payment started from the invoice's public link has no portal account: whoever holds the link pays.
ALTER TABLE "gateway_payments" ALTER COLUMN "portal_account_id" DROP NOT NULL;
