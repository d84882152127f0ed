import type { FastifyInstance } from 'fastify';
import { TASK_MESSAGES, taskContracts } from '@matterhorn/shared';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { TaskService } from './tasks.service.ts';

/** Tasks and task lists (issue 40): every member of the firm keeps and shares them. */
export function registerTaskRoutes(app: FastifyInstance, tasks: TaskService) {
  const route = contractRoutes(app, ['Tasks']);
  const access = firmAccess();

  route(
    taskContracts.list,
    {
      access,
      summary: 'A page of tasks: the member’s (Scope=mine) or the firm’s, filtered; open ones first by due moment',
      description: 'overdueCount counts the scope’s overdue open tasks whatever the filters.',
    },
    async (request) => ok('Tasks', await tasks.list(firmPrincipalOf(request), request.query)),
  );
  route(taskContracts.view, { access, summary: 'One task' }, async (request) =>
    ok('Task', await tasks.view(firmPrincipalOf(request), request.params.id)),
  );
  route(
    taskContracts.create,
    {
      access,
      summary: 'Creates a task, on a matter or on its own',
      description: '404 for a matter that is not the firm’s or is in the recycle bin; 400 for an assignee who is not an active member.',
    },
    async (request, reply) => created(reply, TASK_MESSAGES.created, await tasks.create(firmPrincipalOf(request), request.body)),
  );
  route(taskContracts.update, { access, summary: 'Changes a task; a new due moment or reminder is reminded again' }, async (request) =>
    ok(TASK_MESSAGES.updated, await tasks.update(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(
    taskContracts.setStatus,
    { access, summary: 'Moves a task to To do, In progress or Done (Done records who and when)' },
    async (request) =>
      ok(TASK_MESSAGES.statusChanged, await tasks.setStatus(firmPrincipalOf(request), request.params.id, request.body.status)),
  );
  route(taskContracts.remove, { access, summary: 'Deletes a task (audited)' }, async (request) => {
    await tasks.remove(firmPrincipalOf(request), request.params.id);
    return ok(TASK_MESSAGES.deleted, null);
  });
  route(taskContracts.lists, { access, summary: 'The firm’s task lists (templates of tasks), by name' }, async (request) =>
    ok('Task lists', await tasks.lists(firmPrincipalOf(request))),
  );
  route(taskContracts.createList, { access, summary: 'Creates a task list' }, async (request, reply) =>
    created(reply, TASK_MESSAGES.listCreated, await tasks.saveList(firmPrincipalOf(request), null, request.body)),
  );
  route(taskContracts.updateList, { access, summary: 'Changes a task list (its tasks replaced, in the order sent)' }, async (request) =>
    ok(TASK_MESSAGES.listUpdated, await tasks.saveList(firmPrincipalOf(request), request.params.id, request.body)),
  );
  route(taskContracts.removeList, { access, summary: 'Deletes a task list (tasks made from it stay)' }, async (request) => {
    await tasks.removeList(firmPrincipalOf(request), request.params.id);
    return ok(TASK_MESSAGES.listDeleted, null);
  });
  route(
    taskContracts.applyList,
    {
      access,
      summary: 'Adds a task list’s tasks to a matter, due counted from the start day',
      description: 'Assigned to the members given, else to the matter’s active fee earners.',
    },
    async (request, reply) => {
      const made = await tasks.applyList(firmPrincipalOf(request), request.params.id, request.body);
      return created(reply, TASK_MESSAGES.listApplied(made.length), made);
    },
  );
}
