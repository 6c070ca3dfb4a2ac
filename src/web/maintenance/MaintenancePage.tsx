import { ActionIcon, Alert, Box, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconArrowRight, IconKey, IconShieldCheck, IconTool } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useProfileStore } from '../accounts/store.ts';
import { paths } from '../app/paths.ts';
import { useAssociation } from '../ui/useAssociation.ts';
import { MaintenanceSignIn } from './MaintenanceSignIn.tsx';
import { BYPASS_ERROR_MS, MAINTENANCE_MSG } from './messages.ts';
import { useMaintenanceStore } from './store.ts';

/** The maintenance gate (doc 1 §2): what everyone but a super administrator sees while the site
 * is in maintenance. A key icon opens the administrator sign-in. A signed-in administrator gets
 * the bypass icon; it takes a super administrator home and refuses anyone else for 3 seconds. */
export function MaintenancePage() {
  const navigate = useNavigate();
  const association = useAssociation();
  const isSuperAdmin = useMaintenanceStore((s) => s.isSuperAdmin);
  const isLoggedIn = useProfileStore((s) => s.isLoggedIn);
  const isAdmin = useProfileStore((s) => s.isAdmin);
  const [signInOpen, setSignInOpen] = useState(false);
  const [bypassError, setBypassError] = useState(false);

  const signedInAsSuper = isLoggedIn && isSuperAdmin;
  const showBypass = isLoggedIn && (isSuperAdmin || isAdmin);

  useEffect(() => {
    if (!bypassError) return;
    const timer = setTimeout(() => setBypassError(false), BYPASS_ERROR_MS);
    return () => clearTimeout(timer);
  }, [bypassError]);

  const bypass = () => {
    if (signedInAsSuper) void navigate(paths.home);
    else setBypassError(true);
  };

  return (
    <Box
      mih="100dvh"
      p="md"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(160deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-gray-0) 100%)',
      }}
    >
      <Paper shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }} maw={560} w="100%" withBorder>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
            <IconTool size={40} stroke={1.5} />
          </ThemeIcon>
          <Title order={1}>{MAINTENANCE_MSG.title}</Title>
          <Text size="lg">
            {association.name} is carrying out essential updates to improve the site. We'll be back shortly.
          </Text>
          <Text c="gray.7">Thank you for your patience.</Text>

          {signedInAsSuper && (
            <Alert color="green" icon={<IconShieldCheck size={18} aria-hidden />} w="100%" ta="left">
              {MAINTENANCE_MSG.signedInAsSuper} Use the arrow to go to the site.
            </Alert>
          )}
          {bypassError && (
            <Alert color="red" role="alert" w="100%" ta="left">
              {MAINTENANCE_MSG.onlySuperBypass}
            </Alert>
          )}

          <Group gap="sm" mt="sm">
            {!signedInAsSuper && (
              <Tooltip label="Administrator sign in">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="Administrator sign in"
                  onClick={() => setSignInOpen(true)}
                >
                  <IconKey size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            {showBypass && (
              <Tooltip label="Bypass maintenance">
                <ActionIcon variant="filled" size="lg" aria-label="Bypass maintenance" onClick={bypass}>
                  <IconArrowRight size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Stack>
      </Paper>
      <MaintenanceSignIn opened={signInOpen} onClose={() => setSignInOpen(false)} />
    </Box>
  );
}
