import '../ui/all-styles.ts';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useProfileStore } from '../accounts/store.ts';
import { useLogout } from '../accounts/useLogout.ts';
import { paths } from './paths.ts';

/** The logged-in user's initials with a dropdown: My Profile, Admin (admins only), Logout. */
export function UserMenu() {
  const initials = useProfileStore((s) => s.initials);
  const username = useProfileStore((s) => s.username);
  const isAdmin = useProfileStore((s) => s.isAdmin);
  const logout = useLogout();

  return (
    <Menu position="bottom-end" withArrow shadow="md" width={180} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${username || 'your account'}`} style={{ borderRadius: '50%' }}>
          <Avatar color="blue.9" variant="filled" radius="xl" size={36}>
            {initials || <IconUser size={18} aria-hidden />}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} aria-hidden />}>
          My Profile
        </Menu.Item>
        {isAdmin && (
          <Menu.Item component={Link} to={paths.admin} leftSection={<IconSettings size={16} aria-hidden />}>
            Admin
          </Menu.Item>
        )}
        <Menu.Item color="red.9" onClick={() => void logout()} leftSection={<IconLogout size={16} aria-hidden />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
