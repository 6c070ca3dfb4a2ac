import { Box, List, Progress, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_CHECKLIST, passwordRequirements, passwordStrength } from '../../domain/accounts/rules.ts';

const STRENGTH_COLORS = ['red', 'red', 'orange', 'yellow', 'teal', 'green'] as const;

/**
 * The live password checklist (doc 1 §5): each requirement ticked as it is met, and the strength
 * label Very Weak…Very Strong. Used under every new-password field (register, change, reset).
 */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const met = passwordRequirements(password);
  const { score, label } = passwordStrength(password);
  return (
    <Box id={id} data-testid="password-checklist">
      <Text size="sm" aria-live="polite">
        Password strength: <strong data-testid="password-strength">{label}</strong>
      </Text>
      <Progress value={(score / 5) * 100} color={STRENGTH_COLORS[score]} size="sm" mt={4} mb="xs" aria-hidden />
      <List spacing={2} size="sm" center>
        {PASSWORD_CHECKLIST.map((item) => {
          const ok = met[item.key];
          return (
            <List.Item
              key={item.key}
              data-met={ok}
              icon={
                <ThemeIcon color={ok ? 'green' : 'gray'} variant={ok ? 'filled' : 'light'} size={18} radius="xl">
                  {ok ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text span size="sm" c={ok ? undefined : 'gray.7'}>
                {item.label}
              </Text>
              <VisuallyHidden>{ok ? ' (met)' : ' (not met)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}
