import type { ConflictMatch, Lead, LeadConflict } from '@matterhorn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { LeadConflictCard } from '../components/lead-conflict-card.tsx';
import { leadOf } from './lead-fixtures.ts';

const MATCH: ConflictMatch = {
  searchedName: 'Lagoon Bank Plc',
  matchedName: 'Lagoon Bank',
  matchType: 'opposing party',
  similarity: 0.874,
  clientId: '0b5e7c1a-0000-4000-8000-000000000010',
  clientName: 'Harbour Foods Ltd',
  matterId: '0b5e7c1a-0000-4000-8000-000000000020',
  matterName: 'Harbour Foods v Lagoon Bank',
  matterNumber: 'M-0042',
};

const check = (overrides: Partial<LeadConflict>): LeadConflict => ({
  conflictCheckId: '0b5e7c1a-0000-4000-8000-000000000030',
  searchedNames: ['Adaora Nwosu', 'Lagoon Bank Plc'],
  matchCount: 0,
  matches: [],
  decision: null,
  decisionNotes: null,
  ranAt: '2026-11-28T09:00:00.000Z',
  decidedAt: null,
  isStale: false,
  ...overrides,
});

const leadWith = (conflictCheck: LeadConflict | null): Lead =>
  leadOf({
    id: '0b5e7c1a-0000-4000-8000-000000000001',
    displayName: 'Adaora Nwosu',
    firstName: 'Adaora',
    lastName: 'Nwosu',
    email: 'adaora@example.com',
    status: 'contacted',
    conflictDecision: conflictCheck?.decision ?? null,
    opposingParties: [{ name: 'Lagoon Bank Plc', partyType: 'company' }],
    conflictCheck,
  });

describe('the lead’s conflict check card', { timeout: 30_000 }, () => {
  it('offers the check on a lead never checked', () => {
    renderAt(<LeadConflictCard lead={leadWith(null)} canEdit />);
    const card = screen.getByRole('region', { name: 'Conflict check' });
    expect(within(card).getByRole('button', { name: 'Run conflict check' })).toBeInTheDocument();
  });

  it('lists each match with links to the client and matter it was found on, and asks for the decision', () => {
    renderAt(<LeadConflictCard lead={leadWith(check({ matchCount: 1, matches: [MATCH] }))} canEdit />);
    const table = screen.getByRole('table', { name: 'Conflict matches' });
    expect(within(table).getByRole('link', { name: 'Harbour Foods Ltd' })).toHaveAttribute('href', `/clients/${MATCH.clientId}`);
    expect(within(table).getByRole('link', { name: 'M-0042 — Harbour Foods v Lagoon Bank' })).toHaveAttribute(
      'href',
      `/matter/${MATCH.matterId}`,
    );
    expect(within(table).getByText('87%')).toBeInTheDocument();
    expect(screen.getByText('1 match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record decision' })).toBeInTheDocument();
  });

  it('says when nothing matched, and shows a recorded decision instead of the form', () => {
    const { unmount } = renderAt(<LeadConflictCard lead={leadWith(check({}))} canEdit />);
    expect(screen.getByText('No match among the firm’s names.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Conflict matches' })).toBeNull();
    unmount();
    renderAt(<LeadConflictCard lead={leadWith(check({ decision: 'no_conflict', decidedAt: '2026-11-28T09:05:00.000Z' }))} canEdit />);
    expect(screen.getByText('Cleared')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record decision' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Run conflict check again' })).toBeInTheDocument();
  });
});
