import { Box, Container, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileDownload } from '@tabler/icons-react';
import { CONTENT_MSG } from '../../domain/content/messages.ts';
import { LazyAlert } from '../ui/LazyAlert.tsx';
import { useGovernance } from './api.ts';
import { PageHero } from './PageHero.tsx';
import { TextBlock } from './TextBlock.tsx';

/** Governance (doc 1 §2): 'Loading...', the error, the paragraph, or the empty message; and the
 * line saying that file downloads will appear here. */
export function GovernancePage() {
  const governance = useGovernance();

  return (
    <>
      <PageHero title="Governance" subtitle="How the association is run." />
      <Container size="lg" py={48}>
        <Box maw={880}>
          {governance.isPending ? (
            <Text role="status" c="gray.7">
              Loading...
            </Text>
          ) : governance.isError ? (
            <LazyAlert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {CONTENT_MSG.governanceLoadFailed}
            </LazyAlert>
          ) : governance.data.paragraph.trim() ? (
            <TextBlock text={governance.data.paragraph} />
          ) : (
            <Text c="gray.7">{CONTENT_MSG.governanceEmpty}</Text>
          )}
          <Paper withBorder radius="md" p="md" mt="xl" bg="gray.0">
            <Text size="sm" c="gray.7" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <IconFileDownload size={18} aria-hidden style={{ flexShrink: 0 }} />
              Additional governance documents will be available to download here.
            </Text>
          </Paper>
        </Box>
      </Container>
    </>
  );
}
