import { Body, Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { IsEmail, IsInt, IsNotEmpty, Max, Min } from 'class-validator';
import { QueryFailedError } from 'typeorm';
import { Public } from '../src/core/auth/auth.decorators';
import { ApiError, DomainError, ErrorCode } from '../src/core/errors/api-error';
import { createTestApp, TestApp } from './helpers/test-app';

class ProbeDto {
  // Rules run bottom-up and stop at the first failure: "required" is written last.
  @IsEmail({}, { message: 'El email no es válido' })
  @IsNotEmpty({ message: 'El email es obligatorio' })
  email!: string;

  @IsInt({ message: 'Debe ser un número entero' })
  @Min(0, { message: 'Debe ser 0 o más' })
  @Max(100, { message: 'Debe ser 100 o menos' })
  number!: number;
}

/** Throws each kind of error the filter must turn into the API's format. */
@Controller('probe')
class ProbeController {
  @Public() @Post('validate') @HttpCode(200) validate(@Body() body: ProbeDto) {
    return { success: true, body };
  }
  @Public() @Get('string') string() {
    throw new DomainError('DATE_OUT_OF_PLAN', 400, 'La fecha esta fuera del plan.');
  }
  @Public() @Get('list') list() {
    throw new DomainError('SOME_LIST', 400, ['Primera razón', 'Segunda razón']);
  }
  @Public() @Get('message') message() {
    throw new DomainError('SOME_MESSAGE', 409, { message: 'Ya tienes un lugar en esta clase' });
  }
  @Public() @Get('crash') crash() {
    throw new Error('secret internals at /srv/app.ts:42');
  }
  @Public() @Get('sql') sql() {
    throw new QueryFailedError('SELECT password_hash FROM users', [], new Error('syntax error near FROM'));
  }
  @Public() @Get('db-down') dbDown() {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
  }
  @Public() @Get('forbidden') forbidden() {
    throw new ApiError(ErrorCode.FORBIDDEN);
  }
  @Get('private') privateRoute() {
    return { success: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('error format', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ extraModules: [ProbeModule] });
  });
  afterAll(() => t.close());

  it('should answer a string error with its code', async () => {
    const res = await t.http().get('/api/probe/string').expect(400);
    expect(res.body).toEqual({ success: false, error: 'La fecha esta fuera del plan.', code: 'DATE_OUT_OF_PLAN' });
  });

  it('should answer a list error', async () => {
    const res = await t.http().get('/api/probe/list').expect(400);
    expect(res.body).toEqual({ success: false, error: ['Primera razón', 'Segunda razón'], code: 'SOME_LIST' });
  });

  it('should answer an object with a message', async () => {
    const res = await t.http().get('/api/probe/message').expect(409);
    expect(res.body.error).toEqual({ message: 'Ya tienes un lugar en esta clase' });
  });

  it('should answer validation failures as field → Spanish messages with 400', async () => {
    const res = await t.agent().post('/api/probe/validate').send({ email: '', number: 101 }).expect(400);
    expect(res.body).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: {
        email: ['El email es obligatorio'],
        number: ['Debe ser 100 o menos'],
      },
    });
  });

  it('should refuse unknown body fields with 400', async () => {
    const res = await t
      .agent()
      .post('/api/probe/validate')
      .send({ email: 'a@b.mx', number: 1, role: 'admin' })
      .expect(400);
    expect(res.body).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      error: { role: ['Este campo no está permitido.'] },
    });
  });

  it('should pass valid input through', async () => {
    const res = await t.agent().post('/api/probe/validate').send({ email: 'a@b.mx', number: 7 }).expect(200);
    expect(res.body).toEqual({ success: true, body: { email: 'a@b.mx', number: 7 } });
  });

  it('should answer malformed JSON with a Spanish 400, not a 500', async () => {
    const res = await t
      .agent()
      .post('/api/probe/validate')
      .set('content-type', 'application/json')
      .send('{"email": ')
      .expect(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('should answer a body over the size limit with 413', async () => {
    const res = await t
      .agent()
      .post('/api/probe/validate')
      .send({ email: 'x'.repeat(200 * 1024), number: 1 })
      .expect(413);
    expect(res.body).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', error: 'La solicitud es demasiado grande.' });
  });

  it('should answer an unexpected error with a Spanish 500 and no internals', async () => {
    const res = await t.http().get('/api/probe/crash').expect(500);
    expect(res.body).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      error: 'Ocurrió un error inesperado. Intenta de nuevo.',
    });
    expect(res.text).not.toMatch(/secret|srv|stack/);
  });

  it('should never show SQL text', async () => {
    const res = await t.http().get('/api/probe/sql').expect(500);
    expect(res.text).not.toMatch(/SELECT|password_hash|syntax/);
  });

  it('should answer 503 when the database cannot be reached', async () => {
    const res = await t.http().get('/api/probe/db-down').expect(503);
    expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
    expect(res.text).not.toContain('3306');
  });

  it('should fail closed: a route not marked public needs a session', async () => {
    const res = await t.http().get('/api/probe/private').expect(401);
    expect(res.body).toEqual({ success: false, code: 'UNAUTHENTICATED', error: 'Debes iniciar sesión.' });
  });

  it('should answer shared codes with their status', async () => {
    const res = await t.http().get('/api/probe/forbidden').expect(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('should answer unknown API routes with a JSON 404', async () => {
    for (const path of ['/api/nada', '/api', '/api/reservations/nada']) {
      const res = await t.http().get(path).expect(404);
      expect(res.body).toEqual({ success: false, code: 'NOT_FOUND', error: 'No encontramos lo que buscas.' });
    }
    await t.http().delete('/api/health').expect(404);
  });
});
