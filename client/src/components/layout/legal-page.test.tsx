import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_NOTICE, LegalPage } from './legal-page';

const page = <LegalPage title="Términos y condiciones" updated="1 de noviembre de 2026" sections={[]} />;

describe('LegalPage', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('shows the studio the draft notice in development', () => {
    vi.stubEnv('DEV', true);
    render(page);
    expect(screen.getByRole('note')).toHaveTextContent(DRAFT_NOTICE);
  });

  it('never shows the draft notice to the public in a production build', () => {
    vi.stubEnv('DEV', false);
    render(page);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText(DRAFT_NOTICE)).not.toBeInTheDocument();
  });
});
