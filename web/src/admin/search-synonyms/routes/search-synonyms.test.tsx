import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import type { SearchSynonyms } from '@/api/types';
import { signInAsAdmin } from '@/testing/admin';
import { renderRoutes, resetStores } from '@/testing/render';
import { envelope, server } from '@/testing/server';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const demo: SearchSynonyms = {
  synonyms: [{ terms: ['TRV', 'thermostatic radiator valve'] }, { terms: ['PTFE', 'thread seal tape'] }],
  version: 4,
};

function handlers(answer: (sent: { synonyms: { terms: string[] }[]; version: number }) => Response, sent: unknown[] = []) {
  return [
    http.get('*/api/admin/search/synonyms', () => envelope(demo)),
    http.put('*/api/admin/search/synonyms', async ({ request }) => {
      const body = (await request.json()) as { synonyms: { terms: string[] }[]; version: number };
      sent.push(body);
      return answer(body);
    }),
  ];
}

const box = () => screen.getByLabelText('Synonyms and abbreviations');

describe('Console search synonyms', () => {
  it('shows a group a line and saves every line with the version loaded', async () => {
    const sent: unknown[] = [];
    server.use(...handlers((body) => envelope({ synonyms: body.synonyms, version: 5 }, 'Search synonyms saved'), sent));
    renderRoutes(routes, '/admin/search-synonyms');
    expect(await screen.findByRole('heading', { name: 'Search synonyms' })).toBeInTheDocument();
    await waitFor(() => expect(box()).toHaveValue('TRV, thermostatic radiator valve\nPTFE, thread seal tape'));
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Search synonyms' })).toHaveAttribute('href', '/admin/search-synonyms');

    fireEvent.change(box(), { target: { value: 'TRV, thermostatic radiator valve\n\nisolator , isolating valve\n' } });
    expect(screen.getByText(/2 groups\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save synonyms' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      synonyms: [{ terms: ['TRV', 'thermostatic radiator valve'] }, { terms: ['isolator', 'isolating valve'] }],
      version: 4,
    });
    // The form starts again from the list as saved.
    await waitFor(() => expect(box()).toHaveValue('TRV, thermostatic radiator valve\nisolator, isolating valve'));
    expect(screen.getByText(/2 groups\./)).toBeInTheDocument();
  });

  it("names each refusal by its line and keeps the owner's typing", async () => {
    server.use(
      ...handlers(() =>
        HttpResponse.json(
          { success: false, message: 'A group has 2 to 10 terms', errors: { 'synonyms[1].terms': 'A group has 2 to 10 terms', 'synonyms[0].terms[1]': 'A term has 1 to 100 characters' } },
          { status: 400 },
        ),
      ),
    );
    renderRoutes(routes, '/admin/search-synonyms');
    await waitFor(() => expect(box()).toHaveValue('TRV, thermostatic radiator valve\nPTFE, thread seal tape'));
    fireEvent.change(box(), { target: { value: 'TRV,\n\nalone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save synonyms' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Line 1, term 2: A term has 1 to 100 characters',
      'Line 3: A group has 2 to 10 terms',
    ]);
    expect(box()).toHaveValue('TRV,\n\nalone');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers the latest list when someone saved it since it was opened', async () => {
    const latest: SearchSynonyms = { synonyms: [{ terms: ['isolator', 'isolating valve'] }], version: 5 };
    server.use(
      ...handlers(() =>
        HttpResponse.json({ success: false, message: 'This changed since you opened it: reload to see the latest', data: latest }, { status: 409 }),
      ),
    );
    renderRoutes(routes, '/admin/search-synonyms');
    await waitFor(() => expect(box()).toHaveValue('TRV, thermostatic radiator valve\nPTFE, thread seal tape'));
    fireEvent.change(box(), { target: { value: 'a, b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save synonyms' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Load the latest' }));
    await waitFor(() => expect(box()).toHaveValue('isolator, isolating valve'));
  });
});
