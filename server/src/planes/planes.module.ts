import { Module } from '@nestjs/common';

/** The planes domain. Its endpoints arrive with their own issue; the entities it owns are in ./entities. */
@Module({})
export class PlanesModule {}
