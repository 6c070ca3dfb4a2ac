import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconExternalLink, IconFileText, IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useOrganizationDocuments } from './api.ts';
import { Loading } from './LoadState.tsx';
import { isSafeguardingPolicy, OrganizationDocumentLink } from './OrganizationDocumentLink.tsx';

/** Policies (doc 1 §2): one link per organisation document, each opening in a new tab (the
 * Safeguarding Policy leads to the safeguarding page, which offers it), and a 'Go back to home'
 * button. A failed load is only logged (doc 1 §8). */
export function PoliciesPage() {
  const documents = useOrganizationDocuments();
  const list = documents.data ?? [];

  return (
    <Container size="sm" py={48}>
      <Title order={1} mb="xs">
        Policies
      </Title>
      <Text c="gray.7" mb="xl">
        The association's policies and documents. Each opens in a new tab; the Safeguarding Policy opens our
        safeguarding page.
      </Text>
      {documents.isPending ? (
        <Loading label="Loading documents..." />
      ) : list.length === 0 ? (
        <Text c="gray.7">No policy documents are available yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((doc) => (
            <li key={doc.id}>
              <Paper withBorder radius="md" p="md">
                <Group gap="sm" wrap="nowrap">
                  <IconFileText size={24} color="var(--mantine-color-blue-8)" aria-hidden style={{ flexShrink: 0 }} />
                  <OrganizationDocumentLink doc={doc} fw={600} style={{ flex: 1, overflowWrap: 'anywhere' }} />
                  {isSafeguardingPolicy(doc) ? (
                    <IconArrowRight
                      size={18}
                      color="var(--mantine-color-gray-7)"
                      aria-hidden
                      style={{ flexShrink: 0 }}
                    />
                  ) : (
                    <IconExternalLink
                      size={18}
                      color="var(--mantine-color-gray-7)"
                      aria-hidden
                      style={{ flexShrink: 0 }}
                    />
                  )}
                </Group>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
      <Button
        component={Link}
        to={paths.home}
        mt="xl"
        variant="outline"
        leftSection={<IconHome size={18} aria-hidden />}
      >
        Go back to home
      </Button>
    </Container>
  );
}
