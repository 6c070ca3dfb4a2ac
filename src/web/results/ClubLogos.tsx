import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { ClubResult } from './api.ts';
import classes from './ClubLogos.module.css';

/** Each points club's colour on its logo (there are no pictures of the clubs' own logos). */
const CLUB_COLOURS: Record<string, string> = {
  HEM: '#1864ab',
  BRE: '#5f3dc4',
  ESX: '#c92a2a',
  WGC: '#237032',
  VIK: '#364fc7',
  NOR: '#0b7285',
  SMK: '#a63c06',
};

function Logo({
  label,
  caption,
  colour,
  selected,
  greyed,
  clickable,
  disabledWhy,
  onClick,
  children,
}: {
  label: string;
  caption?: string;
  colour: string;
  selected: boolean;
  greyed: boolean;
  clickable: boolean;
  disabledWhy: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  const enabled = clickable || !greyed;
  return (
    <UnstyledButton
      className={classes.logo}
      data-selected={selected || undefined}
      data-greyed={greyed || undefined}
      data-disabled={!enabled || undefined}
      disabled={!enabled}
      aria-pressed={selected}
      aria-label={greyed ? `${label}: ${disabledWhy}` : label}
      title={greyed ? `${label}: ${disabledWhy}` : label}
      onClick={onClick}
    >
      <Stack gap={4} align="center">
        <span className={classes.badge} style={{ background: colour }} aria-hidden>
          {children}
        </span>
        {caption && (
          <Text size="xs" fw={600} className={classes.caption} aria-hidden>
            {caption}
          </Text>
        )}
      </Stack>
    </UnstyledButton>
  );
}

/**
 * The row of club logos and the association's season-totals logo (doc 3 §2): a club without
 * calculated results for the year is greyed and cannot be chosen; so is the season logo when no
 * club has results. The administrators' panel keeps greyed clubs clickable (`greyedClickable`):
 * that is where their results are uploaded.
 */
export function ClubLogos({
  clubs,
  selected,
  onSelect,
  seasonCode,
  seasonLabel,
  seasonEnabled,
  noDataText,
  greyedClickable = false,
}: {
  clubs: ClubResult[];
  selected: string | null;
  onSelect: (club: string) => void;
  seasonCode: string;
  seasonLabel: string;
  seasonEnabled: boolean;
  noDataText: string;
  greyedClickable?: boolean;
}) {
  return (
    <Group gap="sm" role="group" aria-label="Clubs" data-testid="club-logos">
      {clubs.map((c) => (
        <Logo
          key={c.club_id}
          label={`${c.club_name} (${c.club_id})`}
          colour={CLUB_COLOURS[c.club_id] ?? '#495057'}
          selected={selected === c.club_id}
          greyed={!c.points_calculated}
          clickable={greyedClickable}
          disabledWhy={noDataText}
          onClick={() => onSelect(c.club_id)}
        >
          {c.club_id}
        </Logo>
      ))}
      <Logo
        label={seasonLabel}
        caption="Season"
        colour="linear-gradient(135deg, #0b3d91, #0b7285)"
        selected={selected === 'season'}
        greyed={!seasonEnabled}
        clickable={greyedClickable}
        disabledWhy={noDataText}
        onClick={() => onSelect('season')}
      >
        <IconTrophy size={18} aria-hidden />
        <span className={classes.code}>{seasonCode}</span>
      </Logo>
    </Group>
  );
}
