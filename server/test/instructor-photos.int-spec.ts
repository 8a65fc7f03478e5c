import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { FixedClock } from '../src/core/clock/clock';
import { Instructor } from '../src/instructors/entities';
import { NotificationsService } from '../src/notifications/notifications.service';
import { adminAgent, newClient, NEXT_MONDAY, NOW, scheduleAt } from './helpers/booking';
import { instructorNamed } from './helpers/instructors';
import { createTestApp, TestApp } from './helpers/test-app';

type Agent = ReturnType<TestApp['agent']>;

/** A photo-like image: a gradient with a shape, `width` × `height`, in the given format. */
async function image(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 800, height = 600): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#d9a"/><stop offset="1" stop-color="#379"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#fc3"/>
    </svg>`,
  );
  const base = sharp(svg);
  if (format === 'jpeg') {
    // With a GPS position and a camera in its EXIF, as a phone writes them.
    return base
      .jpeg()
      .withExif({ IFD0: { Make: 'Teléfono', Model: 'X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 15/1 0/1' } })
      .toBuffer();
  }
  return base[format]().toBuffer();
}

/** A minimal ZIP archive (one stored file): what a JPEG+ZIP polyglot carries after the image. */
const ZIP = Buffer.concat([
  Buffer.from('504b0304140000000000', 'hex'),
  Buffer.alloc(16),
  Buffer.from([5, 0, 0, 0]),
  Buffer.from('x.php<?php echo 1; ?>'),
]);

describe('instructor photos: upload, files in DATA_DIR, serving, the pages and the day view', () => {
  let t: TestApp;
  let admin: Agent;
  let jpeg: Buffer;
  const clock = new FixedClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await adminAgent(t);
    jpeg = await image('jpeg');
  });
  afterAll(() => t.close());
  afterEach(() => t.app.get(NotificationsService).settled());

  const photosDir = () => join(t.config.dataDir, 'photos', 'instructors');
  const filesOf = (id: number) =>
    existsSync(photosDir())
      ? readdirSync(photosDir())
          .filter((name) => name.startsWith(`${id}-`))
          .sort()
      : [];
  const upload = (agent: Agent, instructorId: number | string, file: Buffer, filename = 'foto.jpg') =>
    agent
      .post('/api/admin/instructores/photo')
      .field('instructorId', String(instructorId))
      .attach('file', file, filename);
  /** A refused upload: its status, code and Spanish message; no file written, the profile unchanged. */
  const expectRefused = async (file: Buffer, status: number, code: string, message: RegExp, filename?: string) => {
    const profile = await instructorNamed(t, `Rechazo ${code} ${Math.random().toString(36).slice(2, 8)}`);
    const res = await upload(admin, profile.id, file, filename).expect(status);
    expect(res.body).toMatchObject({ success: false, code });
    expect(res.body.error).toMatch(message);
    expect(filesOf(profile.id)).toEqual([]);
    expect((await t.dataSource.getRepository(Instructor).findOneByOrFail({ id: profile.id })).photo).toBeNull();
  };

  describe('an accepted photo', () => {
    it('should make a JPEG into square AVIF and WebP files of 96, 192 and 480 px without its metadata, audited', async () => {
      const ana = await instructorNamed(t, 'Ana Foto');
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const res = await upload(admin, ana.id, jpeg).expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'Foto guardada', instructor: { id: ana.id } });
      const url: string = res.body.instructor.photoUrl;
      expect(url).toMatch(new RegExp(`^/api/fotos/instructores/${ana.id}-[0-9a-f]{16}-480\\.webp$`));
      const key = url.slice('/api/fotos/instructores/'.length).replace(/-480\.webp$/, '');
      expect(filesOf(ana.id)).toEqual(
        ['192.avif', '192.webp', '480.avif', '480.webp', '96.avif', '96.webp'].map((end) => `${key}-${end}`),
      );

      for (const size of [96, 192, 480]) {
        for (const format of ['avif', 'webp'] as const) {
          const served = await t
            .http()
            .get(`/api/fotos/instructores/${key}-${size}.${format}`)
            .buffer(true)
            .parse((response, done) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () => done(null, Buffer.concat(chunks)));
            })
            .expect(200);
          expect(served.headers['content-type']).toBe(`image/${format}`);
          expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(served.headers['x-content-type-options']).toBe('nosniff');
          const meta = await sharp(served.body as Buffer).metadata();
          expect({ width: meta.width, height: meta.height }).toEqual({ width: size, height: size });
          expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
          if (format === 'avif') expect(meta.compression).toBe('av1');
          // No EXIF (GPS position, camera), no XMP: written anew from the pixels.
          expect(meta.exif).toBeUndefined();
          expect(meta.xmp).toBeUndefined();
        }
      }

      const [entry] = (await admin.post('/api/admin/get-audit').send({ pagination: 1, limit: 1 }).expect(200)).body
        .entries;
      expect(entry).toMatchObject({
        action: 'instructor.update',
        entityType: 'instructor',
        before: { name: 'Ana Foto', photo: null },
        after: { photo: key },
      });
    });

    it('should take a PNG and a WebP, replace the files of the photo before, and remove them with the photo', async () => {
      const bruno = await instructorNamed(t, 'Bruno Foto');
      const first = await upload(admin, bruno.id, await image('png', 640, 900), 'bruno.png').expect(200);
      const firstFiles = filesOf(bruno.id);
      expect(firstFiles).toHaveLength(6);

      const second = await upload(admin, bruno.id, await image('webp', 500, 500), 'bruno.webp').expect(200);
      expect(second.body.instructor.photoUrl).not.toBe(first.body.instructor.photoUrl);
      const secondFiles = filesOf(bruno.id);
      expect(secondFiles).toHaveLength(6);
      expect(secondFiles.some((name) => firstFiles.includes(name))).toBe(false);
      await t.http().get(first.body.instructor.photoUrl).expect(404);

      // The same image again changes nothing.
      const again = await upload(admin, bruno.id, await image('webp', 500, 500), 'otra.webp').expect(200);
      expect(again.body.instructor.photoUrl).toBe(second.body.instructor.photoUrl);
      expect(filesOf(bruno.id)).toEqual(secondFiles);

      const removed = await admin.post('/api/admin/instructores/remove-photo').send({ id: bruno.id }).expect(200);
      expect(removed.body).toMatchObject({ message: 'Foto quitada', instructor: { id: bruno.id, photoUrl: null } });
      expect(filesOf(bruno.id)).toEqual([]);
      await t.http().get(second.body.instructor.photoUrl).expect(404);
      // Nothing to remove: still fine.
      await admin.post('/api/admin/instructores/remove-photo').send({ id: bruno.id }).expect(200);
      await admin.post('/api/admin/instructores/remove-photo').send({ id: 999999 }).expect(404);
    });

    it('should show the photo on the public list, the profile page, the admin list and the booking row', async () => {
      const carla = await instructorNamed(t, 'Carla Foto');
      const url: string = (await upload(admin, carla.id, jpeg).expect(200)).body.instructor.photoUrl;

      const list = await t.http().get('/api/instructores').expect(200);
      expect(list.body.find((i: { id: number }) => i.id === carla.id)).toMatchObject({ photoUrl: url });
      const page = await t.http().get(`/api/instructores/${carla.slug}`).expect(200);
      expect(page.body.instructor.photoUrl).toBe(url);
      const adminList = await admin.get('/api/admin/instructores').expect(200);
      expect(adminList.body.instructores.find((i: { id: number }) => i.id === carla.id)).toMatchObject({
        photoUrl: url,
      });

      // The timetable names her; the day view carries her photo, with or without the class's row.
      const schedule = await scheduleAt(t, 1, '07:00');
      await admin
        .post('/api/reservations/horario/change')
        .send({ id: schedule.id, instructorId: carla.id })
        .expect(200);
      const client = await newClient(t, 'Fila');
      for (const agent of [t.agent(), client.agent, admin]) {
        const day = await agent.post('/api/reservations/get-information').send({ date: NEXT_MONDAY }).expect(200);
        const slot = day.body.data.find((s: { scheduleId: number }) => s.scheduleId === schedule.id);
        expect(slot).toMatchObject({ instructorId: carla.id, instructor: 'Carla Foto', instructorPhotoUrl: url });
        const others = day.body.data.filter((s: { instructorId: number | null }) => s.instructorId === null);
        expect(others.every((s: { instructorPhotoUrl: string | null }) => s.instructorPhotoUrl === null)).toBe(true);
      }
    });
  });

  describe('refused uploads, with a Spanish message and nothing written', () => {
    it('should refuse a text file named .jpg, a GIF, an SVG and an HTML page as not a JPG, PNG or WebP', async () => {
      const notAnImage = /no es una imagen JPG, PNG o WebP/;
      await expectRefused(Buffer.from('hola, no soy una foto\n'.repeat(50)), 400, 'PHOTO_NOT_AN_IMAGE', notAnImage);
      await expectRefused(await image('gif'), 400, 'PHOTO_NOT_AN_IMAGE', notAnImage, 'foto.gif');
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      await expectRefused(svg, 400, 'PHOTO_NOT_AN_IMAGE', notAnImage, 'foto.svg');
      await expectRefused(
        Buffer.from('<!doctype html><html><body>hola</body></html>'),
        400,
        'PHOTO_NOT_AN_IMAGE',
        notAnImage,
      );
      // A JPEG's first bytes and nothing that decodes.
      await expectRefused(jpeg.subarray(0, 600), 400, 'PHOTO_NOT_AN_IMAGE', notAnImage);
    });

    it('should refuse a file over 8 MB with 413', async () => {
      const huge = Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024 + 1 - jpeg.length, 0x41)]);
      await expectRefused(huge, 413, 'PHOTO_TOO_LARGE', /La foto pesa más de 8 MB/);
    });

    it('should refuse polyglots: a JPEG with a ZIP, an HTML page or a script after its end, markup inside, a PNG with a tail', async () => {
      const hidden = /trae otros datos además de la imagen/;
      await expectRefused(Buffer.concat([jpeg, ZIP]), 400, 'PHOTO_HIDDEN_CONTENT', hidden);
      await expectRefused(
        Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
        400,
        'PHOTO_HIDDEN_CONTENT',
        hidden,
      );
      // Markup in a comment segment, before the image data: no tail, still a polyglot for a browser's sniffing.
      const comment = Buffer.from('<script>alert(1)</script>');
      const withComment = Buffer.concat([
        jpeg.subarray(0, 2),
        Buffer.from([0xff, 0xfe, 0x00, comment.length + 2]),
        comment,
        jpeg.subarray(2),
      ]);
      await expectRefused(withComment, 400, 'PHOTO_HIDDEN_CONTENT', hidden);
      await expectRefused(Buffer.concat([await image('png'), ZIP]), 400, 'PHOTO_HIDDEN_CONTENT', hidden, 'foto.png');
    });

    it('should refuse a photo smaller than 200 px a side', async () => {
      await expectRefused(await image('jpeg', 150, 400), 400, 'PHOTO_TOO_SMALL', /al menos 200 × 200 píxeles/);
    });

    it('should refuse a form without the file or the instructor, and an instructor that does not exist', async () => {
      const dana = await instructorNamed(t, 'Dana Foto');
      const missing = /Elige una foto/;
      const noFile = await admin
        .post('/api/admin/instructores/photo')
        .field('instructorId', String(dana.id))
        .expect(400);
      expect(noFile.body).toMatchObject({ code: 'PHOTO_MISSING' });
      expect(noFile.body.error).toMatch(missing);
      const noId = await admin.post('/api/admin/instructores/photo').attach('file', jpeg, 'foto.jpg').expect(400);
      expect(noId.body.code).toBe('PHOTO_MISSING');
      expect((await upload(admin, 'uno', jpeg).expect(400)).body.code).toBe('PHOTO_MISSING');
      expect(
        (await admin.post('/api/admin/instructores/photo').send({ instructorId: dana.id }).expect(400)).body.code,
      ).toBe('PHOTO_MISSING');
      expect((await upload(admin, 999999, jpeg).expect(404)).body.code).toBe('INSTRUCTOR_NOT_FOUND');
    });

    it('should refuse a form sent to a JSON operation with a 400, never a 500', async () => {
      const res = await admin.post('/api/admin/instructores/change').field('id', '1').field('name', 'Forma');
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    });

    it('should refuse a client (403) and a visitor (401); the other roles are in the authorization matrix', async () => {
      const ema = await instructorNamed(t, 'Ema Foto');
      const client = await newClient(t, 'Intrusa');
      expect((await upload(client.agent, ema.id, jpeg).expect(403)).body.code).toBe('FORBIDDEN');
      await upload(t.agent(), ema.id, jpeg).expect(401);
      await client.agent.post('/api/admin/instructores/remove-photo').send({ id: ema.id }).expect(403);
      expect(filesOf(ema.id)).toEqual([]);
    });
  });

  describe('serving', () => {
    it('should answer 404 to any name but a photo file of the exact form, so no path leaves the folder', async () => {
      const fina = await instructorNamed(t, 'Fina Foto');
      const url: string = (await upload(admin, fina.id, jpeg).expect(200)).body.instructor.photoUrl;
      const name = url.split('/').pop()!;
      for (const path of [
        '/api/fotos/instructores/..%2F..%2Fpilates.sqlite',
        '/api/fotos/instructores/..%2Fjwt-secret',
        '/api/fotos/instructores/%2e%2e%2f%2e%2e%2fpilates.sqlite',
        '/api/fotos/instructores/....%2F....%2Fjwt-secret',
        `/api/fotos/instructores/${name.replace('.webp', '.jpg')}`,
        `/api/fotos/instructores/${name.replace('-480', '-300')}`,
        `/api/fotos/instructores/${name}%00.webp`,
        `/api/fotos/instructores/.${name}`,
        `/api/fotos/instructores/${fina.id}-0000000000000000-96.webp`,
      ]) {
        const res = await t.http().get(path);
        expect([path, res.status]).toEqual([path, 404]);
        expect(res.headers['content-type']).toMatch(/json/);
      }
      const traversal = await t.http().get('/api/fotos/instructores/../../pilates.sqlite');
      expect(traversal.status).toBe(404);
    });
  });
});
