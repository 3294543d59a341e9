// The Balance of Powers Sea Chart and naval counters, written from the engine's data
// (engine/maps/data/seachart_bop.json, naval_classes.csv, fleets.csv, mines.csv) by
// `python -m tests.browser.test_bop_seachart`; a test checks it is current.

/** port and ocean box id → name, kind, NMP to enter (7.51), the map-edge hexes it faces
 * (`near`) or the box it is drawn beside, owner, frozen months (7.53) */
export const CHART_BOXES = {"archangel-box":{"beside":["white-sea-box",1.1,0],"entry_nmp":3,"kind":"port","name":"Archangel","owner":"russia"},"bordeaux-box":{"entry_nmp":3,"kind":"port","name":"Bordeaux","near":["0,26","0,27","0,28","0,29","0,30"],"owner":"france"},"gulf-of-finland-box":{"entry_nmp":18,"kind":"ocean","name":"Gulf of Finland","near":["37,-17","38,-18","39,-18","40,-19"]},"helsinki-box":{"beside":["gulf-of-finland-box",0,-1.4],"entry_nmp":3,"kind":"port","name":"Helsinki","owner":"russia"},"mid-atlantic-box":{"entry_nmp":18,"kind":"ocean","name":"Mid Atlantic","near":["0,18","0,19","0,20"]},"north-atlantic-box":{"beside":["mid-atlantic-box",0,-7.9],"entry_nmp":18,"kind":"ocean","name":"North Atlantic"},"norwegian-sea-box":{"entry_nmp":18,"kind":"ocean","name":"Norwegian Sea","near":["10,-4","11,-4","12,-5","13,-5","14,-6","15,-6","6,-2","7,-2","8,-3","9,-3"]},"petrograd-box":{"entry_nmp":3,"kind":"port","name":"Petrograd","near":["42,-20","43,-20","44,-21","45,-21","46,-22","47,-22","48,-23","49,-23","50,-24"],"owner":"russia"},"scapa-flow-box":{"entry_nmp":3,"kind":"port","name":"Scapa Flow","near":["3,0","4,-1","5,-1"],"owner":"britain"},"stockholm-box":{"entry_nmp":3,"kind":"port","name":"Stockholm","near":["33,-15","34,-16","35,-16","36,-17","31,-14","32,-15"],"owner":"sweden"},"white-sea-box":{"beside":["norwegian-sea-box",0.35,-1.4],"entry_nmp":18,"frozen_months":[11,12,1,2],"kind":"ocean","name":"White Sea"}};

/** boxes that touch (2.52) */
export const CHART_LINKS = [["archangel-box","white-sea-box"],["bordeaux-box","mid-atlantic-box"],["gulf-of-finland-box","helsinki-box"],["gulf-of-finland-box","petrograd-box"],["mid-atlantic-box","north-atlantic-box"],["north-atlantic-box","norwegian-sea-box"],["norwegian-sea-box","scapa-flow-box"],["norwegian-sea-box","white-sea-box"]];

/** ship class → [name, surface, gunnery (torpedo), armor, radius, damaged gunnery, damaged armor] */
export const SHIP_CLASSES = {"BB":["dreadnought battleship",true,4,10,5,3,9],"BC":["battlecruiser",true,3,8,7,2,7],"CA":["armoured cruiser",true,2,8,6,1,7],"CC":["protected cruiser",true,2,7,6,1,6],"CD":["coast defence ship",true,2,8,2,1,7],"CL":["light cruiser",true,1,6,9,0,5],"PD":["pre-dreadnought battleship",true,3,9,4,2,8],"SS":["British submarine flotilla",false,3,5,6,2,4],"UB":["German U-boat flotilla",false,4,5,8,3,4]};

/** ship id → [nation, class, name] */
export const SHIPS = {"bri-bb1":["britain","BB","BB 1"],"bri-bb2":["britain","BB","BB 2"],"bri-bb3":["britain","BB","BB 3"],"bri-bb4":["britain","BB","BB 4"],"bri-bb5":["britain","BB","BB 5"],"bri-bb6":["britain","BB","BB 6"],"bri-bb7":["britain","BB","BB 7"],"bri-bc1":["britain","BC","BC 1"],"bri-bc2":["britain","BC","BC 2"],"bri-ca1":["britain","CA","CA 1"],"bri-ca2":["britain","CA","CA 2"],"bri-cl1":["britain","CL","CL 1"],"bri-cl2":["britain","CL","CL 2"],"bri-ss1":["britain","SS","SS 1"],"ger-bb1":["germany","BB","BB 1"],"ger-bb2":["germany","BB","BB 2"],"ger-bb3":["germany","BB","BB 3"],"ger-bb4":["germany","BB","BB 4"],"ger-bc1":["germany","BC","BC 1"],"ger-cl1":["germany","CL","CL 1"],"ger-cl2":["germany","CL","CL 2"],"ger-pd1":["germany","PD","PD 1"],"ger-pd2":["germany","PD","PD 2"],"ger-ub1":["germany","UB","U-boat 1"],"ger-ub2":["germany","UB","U-boat 2"]};

/** navy leader id → [nation, name] */
export const NAVY_LEADERS = {"bri-beatty":["britain","BEATTY"],"bri-jellicoe":["britain","JELLICOE"],"ger-hipper":["germany","HIPPER"],"ger-scheer":["germany","SCHEER"]};

/** mine id → [nation, attack score] (6.44) */
export const MINES = {"bri-mine1":["britain",2],"bri-mine2":["britain",2],"bri-mine3":["britain",2],"bri-mine4":["britain",2],"ger-mine1":["germany",2],"ger-mine2":["germany",2],"ger-mine3":["germany",2],"ger-mine4":["germany",2],"ger-mine5":["germany",2],"ger-mine6":["germany",2]};
