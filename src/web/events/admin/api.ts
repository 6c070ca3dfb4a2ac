import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventForm, Product, ProductDocument } from '../../../domain/events/index.ts';
import type { CancelPreview } from '../../../domain/payments/race-cancel.ts';
import { api } from '../../api/client.ts';
import { PRODUCT_KEYS } from '../api.ts';
import { type EventFiles, eventFormData } from './model.ts';

/**
 * The Bookings panel's writes (doc 2 §7): create, update and cancel an event, add and delete a
 * document. Every success drops the cached event reads (the list, each event, the home page's
 * latest) so that the panel and the public pages show the change at once.
 */
export const adminEventsApi = {
  create: (form: EventForm, files: EventFiles, startTime = '') =>
    api.post<Product>('/products/create/', eventFormData(form, files, startTime), { auth: true }),
  update: (id: number, form: EventForm, files: EventFiles, startTime = '', before = '') =>
    api.put<Product>(`/products/${id}/update/`, eventFormData(form, files, startTime, before), { auth: true }),
  cancel: (id: number) => api.post<Product>(`/products/${id}/cancel/`, undefined, { auth: true }),
  cancelPreview: (id: number) => api.get<CancelPreview>(`/products/${id}/cancel/`, { auth: true }),
  addDocument: (productId: number, name: string, file: File) => {
    const data = new FormData();
    data.append('name', name.trim());
    data.append('document', file);
    data.append('product', String(productId));
    return api.post<ProductDocument>(`/products/${productId}/add-document/`, data, { auth: true });
  },
  deleteDocument: (id: number) => api.delete<null>(`/products/documents/${id}/`, { auth: true }),
};

export function invalidateProducts(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: PRODUCT_KEYS.all }),
    client.invalidateQueries({ queryKey: PRODUCT_KEYS.latest }),
  ]).then(() => undefined);
}

export interface SaveEventInput {
  /** The event being edited; null creates a new one. */
  id: number | null;
  form: EventForm;
  files: EventFiles;
  /** "HH:MM" or '' (none). */
  startTime?: string;
  /** The start time the edited event had ('' for none). */
  startTimeBefore?: string;
}

/** POST /products/create/ or PUT /products/{id}/update/. */
export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form, files, startTime = '', startTimeBefore = '' }: SaveEventInput) =>
      id === null
        ? adminEventsApi.create(form, files, startTime)
        : adminEventsApi.update(id, form, files, startTime, startTimeBefore),
    onSuccess: () => invalidateProducts(client),
  });
}

/** POST /products/{id}/cancel/. */
export function useCancelEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminEventsApi.cancel(id),
    onSuccess: () => invalidateProducts(client),
  });
}

/** GET /products/{id}/cancel/: what cancelling the event would do (issue 35), read afresh each
 * time the confirmation opens (never an earlier count). */
export function useCancelPreview(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'cancel-preview', id] as const,
    queryFn: () => adminEventsApi.cancelPreview(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** POST /products/{id}/add-document/. */
export function useAddDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, name, file }: { productId: number; name: string; file: File }) =>
      adminEventsApi.addDocument(productId, name, file),
    onSuccess: () => invalidateProducts(client),
  });
}

/** DELETE /products/documents/{id}/. */
export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminEventsApi.deleteDocument(id),
    onSuccess: () => invalidateProducts(client),
  });
}
