import { intakeFormContracts as calls, type IntakeForm, type IntakeFormEmbed, type IntakeFormInput } from '@matterhorn/shared';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

/** One key factory: a save or a publish refreshes the list and the form's page together. */
export const intakeFormKeys = {
  all: () => ['intake-forms'] as const,
  list: (page: number, size: number) => ['intake-forms', 'list', page, size] as const,
  form: (id: string) => ['intake-forms', 'form', id] as const,
  embed: (id: string) => ['intake-forms', 'embed', id] as const,
};

export const intakeFormListQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: intakeFormKeys.list(page, size),
    queryFn: async () => (await callContract(calls.list, { query: { page, size } }, { auth: 'firm' })).data,
    placeholderData: (previous) => previous,
  });

export const intakeFormQuery = (id: string) =>
  queryOptions({
    queryKey: intakeFormKeys.form(id),
    queryFn: async (): Promise<IntakeForm> => (await callContract(calls.view, { params: { id } }, { auth: 'firm', silent: true })).data,
    retry: false,
  });

export const intakeFormEmbedQuery = (id: string) =>
  queryOptions({
    queryKey: intakeFormKeys.embed(id),
    queryFn: async (): Promise<IntakeFormEmbed> => (await callContract(calls.embed, { params: { id } }, { auth: 'firm' })).data,
  });

const firmWrite = { auth: 'firm', toastSuccess: true } as const;

export function useIntakeFormWrites() {
  const queryClient = useQueryClient();
  const settle = async (form: IntakeForm) => {
    queryClient.setQueryData(intakeFormKeys.form(form.id), form);
    await queryClient.invalidateQueries({ queryKey: intakeFormKeys.all(), predicate: (query) => query.queryKey[1] !== 'form' });
    return form;
  };
  const params = (id: string) => ({ params: { id } });
  return {
    create: async (body: IntakeFormInput, idempotencyKey: string) =>
      settle((await callContract(calls.create, { body }, { ...firmWrite, idempotencyKey })).data),
    update: async (id: string, body: IntakeFormInput) =>
      settle((await callContract(calls.update, { ...params(id), body }, firmWrite)).data),
    publish: async (id: string) => settle((await callContract(calls.publish, params(id), firmWrite)).data),
    unpublish: async (id: string) => settle((await callContract(calls.unpublish, params(id), firmWrite)).data),
    /** To the recycle bin; the list refreshes (the form's own page, about to be left, is not fetched again). */
    remove: async (id: string) => {
      await callContract(calls.remove, params(id), firmWrite);
      await queryClient.invalidateQueries({ queryKey: intakeFormKeys.all(), predicate: (query) => query.queryKey[1] !== 'form' });
    },
  };
}
