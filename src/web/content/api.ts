import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentBlocks, Testimonial } from '../../domain/content/blocks.ts';
import type { ContactMessage } from '../../domain/content/contact.ts';
import { ApiError, api } from '../api/client.ts';

export type { ContentBlocks, Testimonial };

/** A club and its slope (GET /slope-info/). Pictures are `/media/{key}` URLs or null. */
export interface SlopeInfo {
  id: number;
  race_club_name: string;
  slope_name: string;
  slope_contact_number: string;
  slope_website: string;
  slope_email: string;
  address_line_1: string;
  address_line_2: string;
  locality: string;
  postcode: string;
  slope_image: string | null;
  slope_map: string | null;
}

/** A policy or footer document (GET /organization-documents/); `document` is a `/media/{key}` URL. */
export interface OrganizationDocument {
  id: number;
  name: string;
  document: string;
}

/** A committee member (GET /team-members/). */
export interface TeamMember {
  id: number;
  first_name: string;
  last_name: string;
  position: string;
  photo: string | null;
}

export interface Faq {
  id: number;
  question: string;
  answer: string;
}

export interface Governance {
  paragraph: string;
}

/** The query keys of the public content reads; admin mutations invalidate them. */
export const CONTENT_KEYS = {
  slopes: ['slope-info'] as const,
  documents: ['organization-documents'] as const,
  team: ['team-members'] as const,
  faqs: ['faqs'] as const,
  governance: ['governance'] as const,
  blocks: ['content'] as const,
};

/**
 * Fetch errors of the team members, FAQs, slopes and documents lists are only logged (doc 1 §8):
 * the public pages then show none of them, while an admin panel may still read `isError`.
 */
function loggedList<T>(path: string, what: string) {
  return async ({ signal }: { signal: AbortSignal }): Promise<T[]> => {
    try {
      return await api.get<T[]>(path, { signal });
    } catch (error) {
      if (!signal.aborted) console.error(`Failed to load ${what}`, error);
      throw error;
    }
  };
}

export const slopesQuery = queryOptions({
  queryKey: CONTENT_KEYS.slopes,
  queryFn: loggedList<SlopeInfo>('/slope-info/', 'slope information'),
});

/** Organisation documents: the footer, Policies and Safeguarding list what there is. */
export const organizationDocumentsQuery = queryOptions({
  queryKey: CONTENT_KEYS.documents,
  queryFn: loggedList<OrganizationDocument>('/organization-documents/', 'organisation documents'),
  retry: false,
});

export const teamMembersQuery = queryOptions({
  queryKey: CONTENT_KEYS.team,
  queryFn: loggedList<TeamMember>('/team-members/', 'team members'),
});

export const faqsQuery = queryOptions({
  queryKey: CONTENT_KEYS.faqs,
  queryFn: loggedList<Faq>('/faqs/', 'FAQs'),
});

/** The governance paragraph; the server's 404 means there is none yet: an empty paragraph. */
export const governanceQuery = queryOptions({
  queryKey: CONTENT_KEYS.governance,
  queryFn: async ({ signal }): Promise<Governance> => {
    try {
      return await api.get<Governance>('/governance/', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { paragraph: '' };
      throw error;
    }
  },
});

export const contentBlocksQuery = queryOptions({
  queryKey: CONTENT_KEYS.blocks,
  queryFn: ({ signal }) => api.get<ContentBlocks>('/content/', { signal }),
});

export function useSlopes() {
  return useQuery(slopesQuery);
}

export function useOrganizationDocuments() {
  return useQuery(organizationDocumentsQuery);
}

export function useTeamMembers() {
  return useQuery(teamMembersQuery);
}

export function useFaqs() {
  return useQuery(faqsQuery);
}

export function useGovernance() {
  return useQuery(governanceQuery);
}

export function useContentBlocks() {
  return useQuery(contentBlocksQuery);
}

/** POST /contact/ with the spec's hyphenated keys; answers the server's thank-you message. */
export function sendContactMessage(values: ContactMessage): Promise<{ message: string }> {
  return api.post<{ message: string }>('/contact/', values);
}
