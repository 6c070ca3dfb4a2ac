import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { paths } from '../app/paths.ts';

const RELOADED_KEY = 'piste:reloaded-for-new-version';

/** A page module that failed to load: usually the site was updated while this tab was open, and
 * the old file is gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Expected a JavaScript/i.test(
    message,
  );
}

/**
 * What a visitor sees when a page cannot be shown (the root route's error element), instead of
 * the router's developer screen. A page module that failed to load after an update reloads the
 * page once, which fetches the new version; otherwise the visitor may try again or go home.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (!chunk || sessionStorage.getItem(RELOADED_KEY)) return;
    sessionStorage.setItem(RELOADED_KEY, '1');
    window.location.reload();
  }, [chunk]);
  useEffect(() => {
    if (!chunk) console.error('The page failed', error);
  }, [chunk, error]);

  return (
    <Container size="sm" py={80} component="main" id="main">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text size="lg" c="gray.7">
          {chunk
            ? 'This page could not be loaded. The site may have been updated, or the connection dropped.'
            : 'This page could not be shown. Please try again.'}
        </Text>
        <Group justify="center">
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
            Try again
          </Button>
          <Button component="a" href={paths.home} variant="default" leftSection={<IconHome size={18} aria-hidden />}>
            Go to Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** A page that loaded fine clears the one-reload mark, so a later update may reload again. */
export function clearReloadMark(): void {
  sessionStorage.removeItem(RELOADED_KEY);
}
