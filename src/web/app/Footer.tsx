import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../api/client.ts';
import { useOrganizationDocuments } from '../content/api.ts';
import { DocumentFileLink } from '../content/OrganizationDocumentLink.tsx';
import { useAssociation } from '../ui/useAssociation.ts';
import { FRONTEND_VERSION, paths } from './paths.ts';

/** The backend version; 'Unknown' when it cannot be read (doc 1 §8). */
async function fetchBackendVersion(): Promise<string> {
  try {
    return (await api.get<{ version: string }>('/version/')).version;
  } catch (error) {
    console.error('Failed to load the backend version', error);
    return 'Unknown';
  }
}

/** The footer's backend version, read once. */
export const versionQuery = queryOptions({
  queryKey: ['version'],
  queryFn: fetchBackendVersion,
  staleTime: Number.POSITIVE_INFINITY,
});

const linkProps = { c: 'gray.3', fz: 'sm' } as const;

/** The footer (doc 1 §2): quick links (the safeguarding page among them), the organisation
 * documents as external links to their files (the Safeguarding Policy's too: docs/decisions/0066)
 * and v{backend}.{frontend}. */
export function Footer() {
  const association = useAssociation();
  // A failure is only logged (by the hook) and shows no documents (doc 1 §8).
  const documents = useOrganizationDocuments();
  const backend = useQuery(versionQuery);

  return (
    <Box component="footer" bg="dark.8" c="gray.3" py="xl" mt="xl">
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap={6}>
            <Text fw={700} c="white">
              {association.name}
            </Text>
            {association.email && (
              <Anchor href={`mailto:${association.email}`} {...linkProps}>
                {association.email}
              </Anchor>
            )}
          </Stack>
          <nav aria-label="Footer">
            <Stack gap={6}>
              <Text fw={700} c="white" fz="sm">
                Quick links
              </Text>
              <Anchor component={Link} to={`${paths.contact}#faq`} {...linkProps}>
                FAQs
              </Anchor>
              <Anchor component={Link} to={`${paths.about}#team`} {...linkProps}>
                Meet the Team
              </Anchor>
              <Anchor component={Link} to={paths.slopes} {...linkProps}>
                Clubs
              </Anchor>
              <Anchor component={Link} to={paths.safeguarding} {...linkProps}>
                Safeguarding
              </Anchor>
            </Stack>
          </nav>
          {(documents.data?.length ?? 0) > 0 && (
            <Stack gap={6}>
              <Text fw={700} c="white" fz="sm">
                Documents
              </Text>
              {documents.data?.map((doc) => (
                <DocumentFileLink key={doc.id} doc={doc} {...linkProps} />
              ))}
            </Stack>
          )}
        </Group>
        <Group justify="space-between" mt="xl" pt="md" style={{ borderTop: '1px solid var(--mantine-color-dark-4)' }}>
          <Text fz="xs" c="gray.4">
            © {new Date().getFullYear()} {association.name}
          </Text>
          <Text fz="xs" c="gray.4" data-testid="version">
            {backend.data === undefined ? '' : `v${backend.data}.${FRONTEND_VERSION}`}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
