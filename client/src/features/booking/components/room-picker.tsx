import { List, Map as MapIcon } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { RoomLegend } from './room-legend';
import { RoomList } from './room-list';
import { RoomMap, type RoomMapProps } from './room-map';

export type RoomView = 'map' | 'list';

export interface RoomPickerProps extends RoomMapProps {
  /** The view shown first; the client switches with "Mapa | Lista". */
  defaultView?: RoomView;
}

/**
 * The room to choose a reformer in: the map, or the same choices as a list ("Mapa | Lista"), and
 * the legend. One view at a time, so a screen reader does not hear every reformer twice.
 */
export function RoomPicker({ defaultView = 'map', className, ...props }: RoomPickerProps) {
  const favourite = props.favouriteId !== undefined && props.favouriteId !== null;
  return (
    <div className={cn('mx-auto w-full max-w-md', className)}>
      <Tabs defaultValue={defaultView} className="gap-4">
        <TabsList aria-label="Ver la sala como">
          <TabsTrigger value="map">
            <MapIcon aria-hidden="true" className="mr-1.5 size-4" />
            Mapa
          </TabsTrigger>
          <TabsTrigger value="list">
            <List aria-hidden="true" className="mr-1.5 size-4" />
            Lista
          </TabsTrigger>
        </TabsList>
        <TabsContent value="map">
          <RoomMap {...props} />
        </TabsContent>
        <TabsContent value="list">
          <RoomList {...props} />
        </TabsContent>
      </Tabs>
      <RoomLegend favourite={favourite} className="mt-4" />
    </div>
  );
}
