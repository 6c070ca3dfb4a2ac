import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentUpdate } from '../../../domain/content/blocks.ts';
import type { FaqValues } from '../../../domain/content/faqs.ts';
import type { SlopeValues } from '../../../domain/content/slopes.ts';
import type { TeamMemberValues } from '../../../domain/content/team.ts';
import { api } from '../../api/client.ts';
import {
  CONTENT_KEYS,
  type ContentBlocks,
  type Faq,
  type Governance,
  type OrganizationDocument,
  type SlopeInfo,
  type TeamMember,
} from '../api.ts';
import { toFormData } from './form-utils.ts';

/** The admin content writes (doc 2 §7). Each invalidates its public read on success, so the
 * panel's table and every public page show the change at once. */

const auth = { auth: true } as const;

/** The admin list of organisation documents. The public read hides a failure (it shows no
 * documents); the panel must say so instead. Its key sits under the public one, so invalidating
 * CONTENT_KEYS.documents refreshes both. */
export const adminDocumentsQuery = queryOptions({
  queryKey: [...CONTENT_KEYS.documents, 'admin'] as const,
  queryFn: ({ signal }) => api.get<OrganizationDocument[]>('/organization-documents/', { signal }),
});

export function useAdminDocuments() {
  return useQuery(adminDocumentsQuery);
}

function useContentMutation<V, R>(key: readonly string[], mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

const saveTo = <R>(base: string, id: number | undefined, body: unknown) =>
  id === undefined ? api.post<R>(`${base}/create/`, body, auth) : api.put<R>(`${base}/update/${id}/`, body, auth);

// Club (slope) details
export interface SlopeSave {
  id?: number;
  values: SlopeValues;
  files: { slope_image: File | null; slope_map: File | null };
  clear?: { slope_image_clear?: boolean; slope_map_clear?: boolean };
}

export function useSaveSlope() {
  return useContentMutation(CONTENT_KEYS.slopes, ({ id, values, files, clear }: SlopeSave) =>
    saveTo<SlopeInfo>('/slope-info', id, toFormData({ ...values }, files, clear)),
  );
}

export function useDeleteSlope() {
  return useContentMutation(CONTENT_KEYS.slopes, (id: number) => api.delete<null>(`/slope-info/delete/${id}/`, auth));
}

// Organisation documents
export interface DocumentSave {
  id?: number;
  name: string;
  document: File | null;
}

export function useSaveDocument() {
  return useContentMutation(CONTENT_KEYS.documents, ({ id, name, document }: DocumentSave) =>
    saveTo<OrganizationDocument>('/organization-documents', id, toFormData({ name }, { document })),
  );
}

export function useDeleteDocument() {
  return useContentMutation(CONTENT_KEYS.documents, (id: number) =>
    api.delete<null>(`/organization-documents/delete/${id}/`, auth),
  );
}

// Team members
export interface TeamMemberSave {
  id?: number;
  values: TeamMemberValues;
  photo: File | null;
  clearPhoto?: boolean;
}

export function useSaveTeamMember() {
  return useContentMutation(CONTENT_KEYS.team, ({ id, values, photo, clearPhoto }: TeamMemberSave) =>
    saveTo<TeamMember>('/team-members', id, toFormData({ ...values }, { photo }, { photo_clear: Boolean(clearPhoto) })),
  );
}

export function useDeleteTeamMember() {
  return useContentMutation(CONTENT_KEYS.team, (id: number) => api.delete<null>(`/team-members/delete/${id}/`, auth));
}

// FAQs
export function useSaveFaq() {
  return useContentMutation(CONTENT_KEYS.faqs, ({ id, values }: { id?: number; values: FaqValues }) =>
    saveTo<Faq>('/faqs', id, values),
  );
}

export function useDeleteFaq() {
  return useContentMutation(CONTENT_KEYS.faqs, (id: number) => api.delete<null>(`/faqs/delete/${id}/`, auth));
}

// Governance
export function useUpdateGovernance() {
  return useContentMutation(CONTENT_KEYS.governance, (paragraph: string) =>
    api.patch<Governance>('/governance/update/', { paragraph }, auth),
  );
}

// Site text blocks
export function useUpdateContentBlocks() {
  return useContentMutation(CONTENT_KEYS.blocks, (update: ContentUpdate) =>
    api.put<ContentBlocks>('/content/update/', update, auth),
  );
}
