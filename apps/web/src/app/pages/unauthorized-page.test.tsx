import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { UnauthorizedPage } from './unauthorized-page.tsx';

describe('UnauthorizedPage', () => {
  it('shows the spec texts and goes back', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '/denied', element: <UnauthorizedPage /> }], {
      history: ['/dashboard'],
      path: '/denied',
    });
    expect(screen.getByText('Unauthorized Error!')).toBeInTheDocument();
    expect(screen.getByText("Oops, seems you've lost your way!")).toBeInTheDocument();
    expect(
      screen.getByText("You don't have permission to perform this action. Please contact your admin to provide access"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
