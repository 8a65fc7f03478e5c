import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Caller } from '../core/auth/caller';
import { CurrentUser, Public } from '../core/auth/auth.decorators';
import { ErrorResponseDto } from '../core/errors/error-response.dto';
import { CalendarFeedService } from './calendar-feed.service';
import { CalendarFeedResponseDto } from './dto/my-classes.dto';

@ApiTags('calendar')
@Controller()
export class CalendarFeedController {
  constructor(private readonly feeds: CalendarFeedService) {}

  @Post('informacion/calendar-feed')
  @HttpCode(200)
  @ApiOkResponse({ type: CalendarFeedResponseDto, description: 'La URL secreta del calendario personal.' })
  async getCalendarFeedUrl(@CurrentUser() user: Caller): Promise<CalendarFeedResponseDto> {
    return { success: true, url: await this.feeds.feedUrl(user) };
  }

  @Post('informacion/calendar-feed/reset')
  @HttpCode(200)
  @ApiOkResponse({ type: CalendarFeedResponseDto, description: 'Una URL nueva; la anterior deja de funcionar.' })
  async resetCalendarFeedUrl(@CurrentUser() user: Caller): Promise<CalendarFeedResponseDto> {
    return { success: true, url: await this.feeds.resetFeed(user) };
  }

  /** Calendar apps fetch this without cookies: the secret in the path is the credential. */
  @Public()
  @Get('calendar/:token.ics')
  // The feed is text/calendar; its 404 is the API's JSON error like any other.
  @ApiOkResponse({
    description: 'iCalendar (RFC 5545) con las clases reservadas.',
    content: { 'text/calendar': { schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'El enlace no existe o se cambió por uno nuevo.' })
  async downloadCalendarFeed(
    @Param('token') token: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const body = await this.feeds.feed(token);
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('content-disposition', 'inline; filename="mis-clases.ics"');
    return body;
  }
}
