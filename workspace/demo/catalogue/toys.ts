import type { Item } from "./item.ts";

/** Vintage toys: part of the collection, none for sale. */
export const TOYS: Item[] = [
  {
    title: "Masudaya Sparky Robot",
    description: "Japanese wind-up tin robot with sparking chest window. Original key and box flap.",
    manufacturer: "Masudaya",
    year: 1957,
    main: "toy-robot.png",
    condition: "Very Good",
    fields: { "Toy Type": "Wind-up", "Age Range": "8 years and up" },
  },
  {
    title: "Marx Friction Sedan",
    description: "Pressed-steel friction sedan by Louis Marx & Co., with lithographed interior and working friction motor.",
    manufacturer: "Marx",
    year: 1950,
    main: "toy-car.png",
    condition: "Good",
    fields: { "Toy Type": "Friction", "Age Range": "5 years and up" },
  },
  {
    title: "J. & E. Stevens Mechanical Bank",
    description: "Cast-iron mechanical bank: place a penny, press the lever and the figure flips it into the bank. Original paint.",
    manufacturer: "J. & E. Stevens",
    year: 1897,
    main: "toy-bank.png",
    condition: "Original",
    fields: { "Toy Type": "Mechanical Bank", "Age Range": "Collectors" },
  },
  {
    title: "Chein Tin Robot",
    description: "Blue lithographed tin robot by J. Chein & Co.; walks when wound. Year not marked on the toy.",
    manufacturer: "Chein",
    main: "toy-robot-blue.png",
    condition: "Fair",
    fields: { "Toy Type": "Wind-up" },
  },
];
