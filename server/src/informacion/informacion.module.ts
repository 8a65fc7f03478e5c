import { Module } from '@nestjs/common';

/** The informacion domain. Its endpoints arrive with their own issue. */
@Module({})
export class InformacionModule {}
