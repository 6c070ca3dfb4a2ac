import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { LazyAlert } from '../ui/LazyAlert.tsx';

/** A page section that is loading: a spinner with words a screen reader announces. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center py="xl" role="status">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="gray.7">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A section whose data could not be loaded, with a retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <LazyAlert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={message} role="alert">
      {onRetry && (
        <Button variant="outline" color="red" size="xs" mt="xs" onClick={onRetry}>
          Try again
        </Button>
      )}
    </LazyAlert>
  );
}
