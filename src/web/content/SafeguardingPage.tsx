import { Button, Container, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconPhone, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { findSafeguardingPolicy, SAFEGUARDING_POLICY_NAME } from '../../domain/content/safeguarding.ts';
import { paths } from '../app/paths.ts';
import { useContentBlocks, useOrganizationDocuments } from './api.ts';
import { LoadError } from './LoadState.tsx';
import { PageHero } from './PageHero.tsx';
import { TextBlock } from './TextBlock.tsx';

/** Safeguarding (doc 1 §2): the safeguarding text, and a link to the organisation document named
 * exactly 'Safeguarding Policy' when there is one. */
export function SafeguardingPage() {
  const blocks = useContentBlocks();
  const documents = useOrganizationDocuments();
  const policy = findSafeguardingPolicy(documents.data ?? []);

  return (
    <>
      <PageHero title="Safeguarding" subtitle="Keeping every racer safe, on and off the slope." />
      <Container size="lg" py={48}>
        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {blocks.data ? (
              <TextBlock text={blocks.data.safeguarding} />
            ) : blocks.isError ? (
              <LoadError message="Failed to load the safeguarding information" onRetry={() => void blocks.refetch()} />
            ) : (
              <Stack gap="xs">
                <Skeleton h={14} />
                <Skeleton h={14} />
                <Skeleton h={14} w="60%" />
              </Stack>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              {policy && (
                <Paper withBorder radius="md" p="lg" bg="blue.0">
                  <Stack gap="sm">
                    <IconShieldCheck size={32} color="var(--mantine-color-blue-8)" aria-hidden />
                    <Title order={2} fz="h4">
                      Our policy
                    </Title>
                    <Text size="sm">Read the full policy that our officials and volunteers follow.</Text>
                    <Button
                      component="a"
                      href={policy.document}
                      target="_blank"
                      rel="noopener noreferrer"
                      leftSection={<IconFileText size={18} aria-hidden />}
                    >
                      {SAFEGUARDING_POLICY_NAME}
                    </Button>
                  </Stack>
                </Paper>
              )}
              <Paper withBorder radius="md" p="lg">
                <Stack gap="sm">
                  <IconPhone size={28} color="var(--mantine-color-red-8)" aria-hidden />
                  <Title order={2} fz="h4">
                    Have a concern?
                  </Title>
                  <Text size="sm">
                    If someone is in immediate danger, call 999. Otherwise speak to the safeguarding lead at the event,
                    or contact our Welfare Officer.
                  </Text>
                  <Button component={Link} to={paths.contact} variant="light">
                    Contact us
                  </Button>
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
