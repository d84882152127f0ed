import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One API call said once: the server registers its route from it (and the OpenAPI document
 * follows), the web calls it through the typed client. Who may call it stays on the server.
 * `response` is the envelope's `data` on success; errors are the error envelope with its code.
 * The OpenAPI's prose (summary, tags) is the server's, given where it registers the route: the web
 * loads contracts on every page, and prose it never shows cost a kilobyte of each page's budget.
 */
export type RouteContract = {
  readonly method: HttpMethod;
  /** The full path as registered, `:name` for each parameter, e.g. `/api/admin/time-entry/:id`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** 201 for a create; 200 otherwise. */
  readonly status?: 200 | 201;
};

/** Marked free of side effects so the web's bundle keeps only the contracts a page calls. */
export const defineRoute = /* #__NO_SIDE_EFFECTS__ */ <const C extends RouteContract>(contract: C): C => contract;

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What the server's handler reads, after validation. */
export type ContractParams<C extends RouteContract> = Output<C['params']>;
export type ContractQuery<C extends RouteContract> = Output<C['query']>;
export type ContractBody<C extends RouteContract> = Output<C['body']>;
/** What a successful answer's `data` holds, as parsed by the caller. */
export type ContractData<C extends RouteContract> = z.output<C['response']>;
/** What the server's handler may answer in `data` (before serialisation). */
export type ContractAnswerData<C extends RouteContract> = z.input<C['response']>;

/** What a caller sends: only the parts the contract declares, path parameters and body required. */
export type ContractInput<C extends RouteContract> = (C['params'] extends z.ZodType ? { params: Input<C['params']> } : { params?: never }) &
  (C['query'] extends z.ZodType ? { query?: Partial<Input<C['query']>> } : { query?: never }) &
  (C['body'] extends z.ZodType ? { body: Input<C['body']> } : { body?: never });

/** The path with its `:name` parameters filled in (each encoded); a missing one is a programming error. */
export function pathOf(contract: Pick<RouteContract, 'path'>, params?: Record<string, unknown>): string {
  return contract.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${contract.path} needs its ${name} parameter`);
    return encodeURIComponent(String(value));
  });
}
