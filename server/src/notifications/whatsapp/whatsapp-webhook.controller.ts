import { Controller, Get, Header, Headers, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, SkipCsrf } from '../../core/auth/auth.decorators';
import type { RawBodyRequest } from '../../core/http/raw-body';
import { WhatsAppWebhookService } from './whatsapp-webhook.service';

/**
 * Meta's WhatsApp webhook (the URL given in the Meta app's WhatsApp settings). Open to Meta, not
 * to the site: no session, no CSRF header; each POST proves itself by its signature instead. Left
 * out of the OpenAPI document, like Mercado Pago's webhook: the site's client never calls it.
 */
@ApiExcludeController()
@Controller('whatsapp')
export class WhatsAppWebhookController {
  constructor(private readonly webhooks: WhatsAppWebhookService) {}

  /** The subscription check: echoes `hub.challenge` as text when `hub.verify_token` matches; else 403. */
  @Public()
  @Get('webhook')
  @Header('cache-control', 'no-store')
  verify(
    @Query('hub.mode') mode: string | undefined,
    @Query('hub.verify_token') token: string | undefined,
    @Query('hub.challenge') challenge: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): string {
    const answer = this.webhooks.challenge(mode, token, challenge);
    // Only the challenge is text: a refusal keeps the API's JSON error.
    void reply.type('text/plain; charset=utf-8');
    return answer;
  }

  /** A signed post (X-Hub-Signature-256 over the raw body): stored, answered, processed after. Else 401. */
  @Public()
  @SkipCsrf()
  @Post('webhook')
  @HttpCode(200)
  async receive(
    @Req() request: FastifyRequest & RawBodyRequest,
    @Headers('x-hub-signature-256') signature: string | undefined,
  ): Promise<{ success: true }> {
    await this.webhooks.receive(this.webhooks.verify(request.rawBody, signature));
    return { success: true };
  }
}
