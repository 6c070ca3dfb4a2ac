import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../domain/events/product.ts';
import { api } from '../api/client.ts';

export type { Product };

/** The query keys of the public event reads; admin mutations invalidate them. */
export const PRODUCT_KEYS = {
  all: ['products'] as const,
  detail: (slug: string) => ['products', slug] as const,
  latest: ['latest-products'] as const,
};

/** Every event (GET /products/). */
export const productsQuery = queryOptions({
  queryKey: PRODUCT_KEYS.all,
  queryFn: ({ signal }) => api.get<Product[]>('/products/', { signal }),
});

/** One event by its slug (GET /products/{slug}/). */
export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: PRODUCT_KEYS.detail(slug),
    queryFn: ({ signal }) => api.get<Product>(`/products/${encodeURIComponent(slug)}/`, { signal }),
  });

/** The next few events, for the home page (GET /latest-products/). */
export const latestProductsQuery = queryOptions({
  queryKey: PRODUCT_KEYS.latest,
  queryFn: ({ signal }) => api.get<Product[]>('/latest-products/', { signal }),
});

/** Every event; `live` for an admin list (the booked counts): read again whenever it is shown
 * or the window regains focus (LIVE_LIST in app/freshness.ts). */
export function useProducts(options: { live?: { staleTime: number; refetchOnWindowFocus: boolean } } = {}) {
  return useQuery(options.live ? { ...productsQuery, ...options.live } : productsQuery);
}

export function useProduct(slug: string) {
  return useQuery({ ...productQuery(slug), enabled: slug !== '' });
}

export function useLatestProducts() {
  return useQuery(latestProductsQuery);
}
