import { pathOf, type ContractData, type ContractInput, type RouteContract } from '@matterhorn/shared';
import { API_BASE, ApiError, apiRequest, type ApiEnvelope, type AuthMode } from '../api-client.ts';
import { toast } from '../toasts.ts';

export type CallOptions = {
  auth?: AuthMode;
  /** Show the server's message in a success toast (form mutations). */
  toastSuccess?: boolean;
  /** Never toast; failures still throw. */
  silent?: boolean;
  idempotencyKey?: string;
};

const UNREADABLE_ANSWER = 'The server answered something this page cannot read. Please reload and try again.';

/** The contract's path below the API base, with its parameters filled in. */
function relativePathOf<C extends RouteContract>(contract: C, input: ContractInput<C>): string {
  const path = pathOf(contract, input.params as Record<string, unknown> | undefined);
  if (!path.startsWith(`${API_BASE}/`)) throw new Error(`${contract.path} is not under ${API_BASE}`);
  return path.slice(API_BASE.length);
}

/**
 * SPEC.md §7's query string (null and undefined dropped), a list repeating its name: MatterId=a&MatterId=b.
 * Apart from api-client's buildQueryString, which cannot repeat a name: teaching it that brought /login
 * (which loads api-client, not this file) to 120.0 of its 120 KB budget, from 119.8.
 */
function queryStringOf(query: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one route of the API by its contract: typed parameters, query and body in; the answer's
 * data parsed with the contract's schema out. Failures toast (unless silent) and throw ApiError,
 * whose `code` a caller may switch on.
 */
export async function callContract<C extends RouteContract>(
  contract: C,
  input: ContractInput<C>,
  options: CallOptions = {},
): Promise<ApiEnvelope<ContractData<C>>> {
  const envelope = await apiRequest<ApiEnvelope<unknown>>(`${relativePathOf(contract, input)}${queryStringOf(input.query)}`, {
    method: contract.method,
    body: input.body,
    ...options,
  });
  const parsed = contract.response.safeParse(envelope.data);
  if (!parsed.success) {
    if (!options.silent) toast.error(UNREADABLE_ANSWER);
    throw new ApiError(UNREADABLE_ANSWER, 200, envelope);
  }
  return { ...envelope, data: parsed.data as ContractData<C> };
}

/** SPEC.md §8: a list call that fails (or answers what the schema refuses) resolves to null silently. */
export async function listContract<C extends RouteContract>(
  contract: C,
  input: ContractInput<C>,
  auth: AuthMode = 'auto',
): Promise<ContractData<C> | null> {
  try {
    return (await callContract(contract, input, { auth, silent: true })).data;
  } catch {
    return null;
  }
}

/** The address of a GET contract, for a link the browser follows itself (a CSV download). */
export function contractUrl<C extends RouteContract>(contract: C, input: ContractInput<C>): string {
  return `${API_BASE}${relativePathOf(contract, input)}${queryStringOf(input.query)}`;
}
