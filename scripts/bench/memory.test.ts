import { describe, expect, it } from 'vitest';
import { memoryGoal, memoryVerdict } from './memory.ts';

describe('the memory verdict', () => {
  it('passes memory that stays within 10 % of the 1-minute reading, the boundary included', () => {
    expect(memoryVerdict(300, 300)).toBe('PASS');
    expect(memoryVerdict(300, 250)).toBe('PASS');
    expect(memoryVerdict(300, 330)).toBe('PASS');
    // 1.1 × 123.4 is 135.74000000000001 in floating point: exactly 10 % still passes
    expect(memoryVerdict(123.4, 135.74)).toBe('PASS');
  });

  it('fails memory that grew by more than 10 %', () => {
    expect(memoryVerdict(300, 330.1)).toBe('FAIL');
    expect(memoryVerdict(570, 845)).toBe('FAIL');
  });
});

describe('the memory goal', () => {
  it('is met when neither reading under load is above it, and says by how much it was missed', () => {
    expect(memoryGoal({ database: 'embedded', firstMb: 340, lastMb: 350 })).toBe('GOAL MET');
    expect(memoryGoal({ database: 'PostgreSQL', firstMb: 180, lastMb: 170 })).toBe('GOAL MISSED by 30 MB');
  });
});
