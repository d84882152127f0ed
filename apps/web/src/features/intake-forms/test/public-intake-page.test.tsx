import type { PublicIntakeForm } from '@matterhorn/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/msw/stub-api.ts';
import { PUBLIC_PAGE_TEXT, PublicIntakePage } from '../public/public-intake-page.tsx';

const FORM: PublicIntakeForm = {
  firmName: 'Adebayo & Partners',
  name: 'Property purchase',
  introduction: null,
  maxFileBytes: 10 * 1024 * 1024,
  maxFilesPerField: 5,
  fields: [{ key: 'fullName', type: 'text', label: 'Your name', help: null, isRequired: true, options: [], showIf: null }],
};
const address = '/public/intake/adebayo/property-purchase';

describe('the public intake page of a deleted form', () => {
  it('shows the not-available page at a deleted or unpublished form’s address', async () => {
    stubApi({ [`GET ${address}`]: { status: 404, message: 'Intake form not found' } });
    render(<PublicIntakePage pathname="/intake/adebayo/property-purchase" />);
    expect(await screen.findByRole('heading', { name: PUBLIC_PAGE_TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(PUBLIC_PAGE_TEXT.notFound)).toBeInTheDocument();
  });

  it('says plainly that nothing was sent when the form was deleted while it was being filled in', async () => {
    const api = stubApi({
      [`GET ${address}`]: { data: FORM },
      [`POST ${address}/submit`]: { status: 404, message: 'Intake form not found' },
    });
    render(<PublicIntakePage pathname="/intake/adebayo/property-purchase" />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Ngozi Eze');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: PUBLIC_PAGE_TEXT.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(PUBLIC_PAGE_TEXT.closedWhileFilling)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
