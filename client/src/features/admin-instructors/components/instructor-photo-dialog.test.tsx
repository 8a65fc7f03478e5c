import '@/components/ui/test-polyfills';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstructorProfileDto } from '@/api/generated/model';
import { bodiesSentTo, renderPage, stubApi } from '@/test/page-test-utils';
import { InstructorsEditor } from './instructors-editor';

const LIST = '/api/admin/instructores';
const UPLOAD = '/api/admin/instructores/photo';
const REMOVE = '/api/admin/instructores/remove-photo';
const PHOTO = '/api/fotos/instructores/3-3f2a9c0d1e4b5a69-480.webp';

const ana: InstructorProfileDto = {
  id: 3,
  name: 'Ana López',
  slug: 'ana-lopez',
  bio: '',
  specialties: [],
  active: true,
  sortOrder: 0,
  userId: null,
  accountEmail: null,
  photoUrl: null,
  payPerClassCents: 0,
  payPerAttendeeCents: 0,
  payAttendeeThreshold: 0,
};
const withPhoto = { ...ana, photoUrl: PHOTO };
const listOf = (profile: InstructorProfileDto) => () => ({
  status: 200,
  body: { success: true, instructores: [profile] },
});
const answer = (message: string, instructor: InstructorProfileDto) => () => ({
  status: 200,
  body: { success: true, message, instructor },
});

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ana.png', { type: 'image/png' });

/** The FormData bodies sent to the upload, as [field, value] pairs (a file by its name). */
const formsSent = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([url]) => url === UPLOAD)
    .map(([, init]) =>
      [...(init?.body as FormData).entries()]
        .map(([key, value]) => [key, typeof value === 'string' ? value : value.name])
        .sort(),
    );

async function openPhotoDialog() {
  renderPage(<InstructorsEditor />);
  const table = await screen.findByRole('table', { name: 'Instructores' });
  await userEvent.click(await within(table).findByRole('button', { name: 'Foto de Ana López' }));
  return screen.findByRole('dialog', { name: 'Foto del instructor' });
}

describe("Instructores: a profile's photo", () => {
  it('should refuse a file that is not a JPG, PNG or WebP and one over 8 MB before sending, in Spanish', async () => {
    const fetchMock = stubApi({ [LIST]: listOf(ana) });
    const dialog = await openPhotoDialog();
    const input = within(dialog).getByLabelText('Elegir una foto');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input, new File(['hola'], 'foto.jpg', { type: 'text/plain' }));
    expect(await within(dialog).findByText('El archivo no es una imagen JPG, PNG o WebP.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Subir foto' })).toBeDisabled();

    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect(await within(dialog).findByText('La foto pesa más de 8 MB. Elige una más ligera.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Subir foto' })).toBeDisabled();
    expect(formsSent(fetchMock)).toEqual([]);
  });

  it("should preview the chosen photo, show the server's refusal, then upload it with the profile's id", async () => {
    let calls = 0;
    const fetchMock = stubApi({
      [LIST]: listOf(ana),
      [UPLOAD]: () =>
        ++calls === 1
          ? {
              status: 400,
              body: {
                success: false,
                code: 'PHOTO_HIDDEN_CONTENT',
                error:
                  'El archivo trae otros datos además de la imagen. Guárdalo de nuevo como JPG, PNG o WebP y vuelve a subirlo.',
              },
            }
          : answer('Foto guardada', withPhoto)(),
    });
    const dialog = await openPhotoDialog();
    await userEvent.upload(within(dialog).getByLabelText('Elegir una foto'), png());
    // A data: URL (the site's CSP allows no blob: images).
    expect(await within(dialog).findByRole('img', { name: 'Vista previa de la foto de Ana López' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw==',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir foto' }));
    expect(await within(dialog).findByText(/trae otros datos además de la imagen/)).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir foto' }));
    expect(await screen.findByText('Foto guardada')).toBeInTheDocument();
    expect(formsSent(fetchMock)).toEqual([
      [
        ['file', 'ana.png'],
        ['instructorId', '3'],
      ],
      [
        ['file', 'ana.png'],
        ['instructorId', '3'],
      ],
    ]);
  });

  it('should show the current photo and take it away with Quitar foto', async () => {
    const fetchMock = stubApi({ [LIST]: listOf(withPhoto), [REMOVE]: answer('Foto quitada', ana) });
    renderPage(<InstructorsEditor />);
    const table = await screen.findByRole('table', { name: 'Instructores' });
    // The list shows the photo beside the name.
    expect(await within(table).findByRole('img', { name: 'Ana López' })).toHaveAttribute(
      'src',
      '/api/fotos/instructores/3-3f2a9c0d1e4b5a69-96.webp',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Foto de Ana López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto del instructor' });
    const current = within(dialog).getByRole('img', { name: 'Ana López' });
    expect(current).toHaveAttribute('width', '96');
    expect(current.closest('picture')!.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      '/api/fotos/instructores/3-3f2a9c0d1e4b5a69-96.avif 1x, /api/fotos/instructores/3-3f2a9c0d1e4b5a69-192.avif 2x',
    );
    expect(within(dialog).getByLabelText('Elegir otra foto')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar foto' }));
    expect(await screen.findByText('Foto quitada')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, REMOVE)).toEqual([{ id: 3 }]);
  });
});
