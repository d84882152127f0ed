import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { planCatalogueSchema, type PlanCatalogue } from '@matterhorn/shared';

/** The catalogue Matterhorn ships (README: Plans): Free, Standard and Professional, priced per seat in naira and dollars. */
export const DEFAULT_PLANS_FILE = fileURLToPath(new URL('../../../config/plans.json', import.meta.url));

/** The operator's plan catalogue, read and checked at start: a file that is not one stops the server with the reason. */
export function readPlanCatalogue(path: string): PlanCatalogue {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Invalid configuration: PLANS_FILE ${path} cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Invalid configuration: PLANS_FILE ${path} is not JSON (${(error as Error).message})`);
  }
  const parsed = planCatalogueSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: PLANS_FILE ${path}: ${issue.path.join('.') || 'the catalogue'}: ${issue.message}`);
  }
  return parsed.data;
}
