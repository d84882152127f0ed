import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import type { ContractAnswerData, ContractBody, ContractParams, ContractQuery, RouteContract } from '@matterhorn/shared';
import type { RouteAccess } from './route-access.ts';
import { answers } from '../lib/reply.ts';

export type ContractRequest<C extends RouteContract> = FastifyRequest<{
  Params: ContractParams<C>;
  Querystring: ContractQuery<C>;
  Body: ContractBody<C>;
}>;

type Answer<C extends RouteContract> = { success: true; message: string; data: ContractAnswerData<C> };

/** A handler answers the envelope (returned, so an idempotent POST can store it) or sends the reply itself (a CSV stream). */
export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<Answer<C> | FastifyReply>;

/**
 * Who may call the route (required: route-access refuses a route without it), the OpenAPI's
 * one-line summary of it and its description (what it does and answers; who may call it is added
 * from `access`), and the route's other settings.
 */
export type ContractRouteConfig = FastifyContextConfig & { access: RouteAccess; summary: string; description?: string };

/**
 * Registers a route from its shared contract: method, path, schemas and the envelope of every answer
 * come from the contract; access, the OpenAPI's summary and the handler are the server's own.
 */
export function registerContractRoute<C extends RouteContract>(
  app: FastifyInstance,
  tags: readonly string[],
  contract: C,
  { summary, description, ...config }: ContractRouteConfig,
  handler: ContractHandler<C>,
  options: Pick<RouteOptions, 'bodyLimit' | 'preValidation' | 'preHandler'> = {},
): void {
  app.route({
    method: contract.method,
    url: contract.path,
    config,
    schema: {
      tags: [...tags],
      summary,
      ...(description ? { description } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: answers(contract.response, contract.status ?? 200),
    },
    // The contract's schemas type the request; Fastify's generics cannot follow them through `route`.
    handler: handler as unknown as RouteHandlerMethod,
    ...options,
  });
}

/** One module's routes, listed in the OpenAPI under `tags`. */
export function contractRoutes(app: FastifyInstance, tags: readonly string[]) {
  return <C extends RouteContract>(
    contract: C,
    config: ContractRouteConfig,
    handler: ContractHandler<C>,
    options?: Pick<RouteOptions, 'bodyLimit' | 'preValidation' | 'preHandler'>,
  ) => registerContractRoute(app, tags, contract, config, handler, options);
}
