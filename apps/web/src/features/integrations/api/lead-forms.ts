import { useQuery } from '@tanstack/react-query';
import { leadFormsEndpoints, type leadFormBody } from '@crm/contract';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { SchemaOutput } from '@/lib/schema-types';
import { useInvalidatingMutation } from './invalidating-mutation';

export type LeadFormPayload = SchemaOutput<typeof leadFormBody>;

export const useLeadForms = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.integrations.leadForms(projectId ?? 0),
    queryFn: ({ signal }) => callApi(leadFormsEndpoints.list, { params: { projectId: projectId! }, signal }),
    enabled: projectId !== null,
    meta: { errorMessage: 'Failed to get lead forms.' },
  });

export const useCreateLeadForm = (projectId: number) =>
  useInvalidatingMutation(
    queryKeys.integrations.leadForms(projectId),
    (body: LeadFormPayload) => callApi(leadFormsEndpoints.create, { params: { projectId }, body }),
    'Failed to create lead form.',
  );

export const useUpdateLeadForm = (projectId: number) =>
  useInvalidatingMutation(
    queryKeys.integrations.leadForms(projectId),
    ({ formId, body }: { formId: number; body: LeadFormPayload }) =>
      callApi(leadFormsEndpoints.update, { params: { projectId, formId }, body }),
    'Failed to update lead form.',
  );

export const useDeleteLeadForm = (projectId: number) =>
  useInvalidatingMutation(
    queryKeys.integrations.leadForms(projectId),
    (formId: number) => callApi(leadFormsEndpoints.remove, { params: { projectId, formId } }),
    'Failed to delete lead form.',
  );
