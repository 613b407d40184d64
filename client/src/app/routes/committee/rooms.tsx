import { Rooms } from "@client/features/rooms/components/rooms";
import { screen } from "../screen";

export default screen(
  {
    title: "Rooms",
    description: "The rooms defenses can be held in. A defense can always be online, with a link.",
  },
  Rooms,
);
