import { screen, within } from '@testing-library/react';
import { routes } from '@/admin/app/router';
import type { StaffRole } from '@/admin/shared/permissions';
import { signInAs } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { adminReturn, RETURN_ID, returnApi } from '../testing/fixtures';
import type { Return } from '../types';

// What each role may do to a return (the server's role table): the warehouse receives
// what came back, deciding (approve, reject, refund, close) is returns.decide's.

const actions = () => {
  const box = screen.queryByRole('region', { name: 'Actions' });
  return box ? within(box).queryAllByRole('button').map((button) => button.textContent) : null;
};

afterEach(resetStores);

describe('Console return page by role', () => {
  it.each<[StaffRole, Return['status'], string[] | null]>([
    ['owner', 'requested', ['Approve', 'Reject']],
    ['manager', 'approved', ['Receive', 'Reject']],
    ['owner', 'received', ['Refund']],
    ['warehouse', 'requested', null],
    ['warehouse', 'approved', ['Receive']],
    ['warehouse', 'received', null],
    ['support', 'requested', null],
    ['support', 'approved', null],
    ['support', 'received', null],
  ])('offers %s on a %s return: %j', async (role, status, expected) => {
    signInAs(role);
    returnApi(adminReturn({ status }));
    renderRoutes(routes, `/admin/returns/${RETURN_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Return R-000001' })).toBeInTheDocument();
    expect(actions()).toEqual(expected);
  });

  it('still says a finished return has nothing more to do to a role that decides nothing', async () => {
    signInAs('support');
    returnApi(adminReturn({ status: 'rejected', reason: 'Outside the return window' }));
    renderRoutes(routes, `/admin/returns/${RETURN_ID}`);
    expect(await screen.findByRole('region', { name: 'Actions' })).toHaveTextContent('Nothing more to do: this return is rejected.');
  });
});
